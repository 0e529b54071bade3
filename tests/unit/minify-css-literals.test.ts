import { describe, expect, it } from 'vitest';
import { minifyCss, minifyCssLiterals } from '../../scripts/minify-css-literals.js';

describe('minifying the css`` templates of the build', () => {
  it('drops comments and needless whitespace, keeping what CSS needs', () => {
    const css = `
      /* the card */
      .card > h2,
      .card p {
        margin: 0 0 0.8rem;
        font: 600 1rem / 1.2 system-ui, sans-serif;
      }
      @container (max-width: 400px) {
        .die { width: 2rem; }
      }
    `;
    expect(minifyCss(css)).toBe(
      '.card>h2,.card p{margin:0 0 0.8rem;font:600 1rem / 1.2 system-ui,sans-serif}@container (max-width:400px){.die{width:2rem}}',
    );
  });

  it('touches only the sources css`` templates without substitutions', () => {
    const plugin = minifyCssLiterals() as {
      transform: (code: string, id: string) => { code: string } | null;
    };
    const code = 'const a = css`\n  .x {\n    color: red;\n  }\n`;\nconst b = html`<p>  two  spaces </p>`;';
    expect(plugin.transform(code, '/p/src/ui/a.ts')!.code).toBe(
      'const a = css`.x{color:red}`;\nconst b = html`<p>  two  spaces </p>`;',
    );
    expect(plugin.transform(code, '/p/node_modules/lit/x.ts')).toBeNull();
    const computed = 'css`.x { color: ${c}; }`';
    expect(plugin.transform(computed, '/p/src/ui/a.ts')).toBeNull();
  });
});
