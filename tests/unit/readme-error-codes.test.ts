import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe("README's table of RuleError codes", () => {
  it('has a row for every code in src/engine/errors.ts, and no other', () => {
    // RuleErrorCode is a type, gone at run time, so its members are read from the source.
    const union = read('src/engine/errors.ts').match(/type RuleErrorCode =([^;]+);/)![1]!;
    const codes = [...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
    const engineSection = read('README.md')
      .split(/^## /m)
      .find((s) => s.startsWith('The rules engine'))!;
    const rows = [...engineSection.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(10);
    expect(rows.sort()).toEqual(codes.sort());
  });
});
