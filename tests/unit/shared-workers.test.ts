import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedWorkers } from '../../scripts/shared-workers.js';

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/** The plugin's transform and buildEnd, run with a stand-in of the bundler's context. */
function run(workers: string[], files: Record<string, string>) {
  const plugin = sharedWorkers(workers);
  const emitted: unknown[] = [];
  const errors: string[] = [];
  const context = {
    emitFile: (file: unknown) => (emitted.push(file), `ref${emitted.length}`),
    error: (message: string) => errors.push(message),
  };
  const out: Record<string, string | null> = {};
  for (const [id, code] of Object.entries(files)) {
    const result = (plugin.transform as Hook).call(context, code, resolve(id)) as { code: string } | null;
    out[id] = result?.code ?? null;
  }
  (plugin.buildEnd as Hook).call(context);
  return { out, emitted, errors };
}

describe('sharedWorkers', () => {
  it('makes a listed worker a chunk of the build, and leaves any other worker to Vite', () => {
    const code =
      "const a = new Worker(new URL('./a.worker.ts', import.meta.url), { type: 'module' });\n" +
      'const b = new Worker(new URL("./b.worker.ts", import.meta.url), { type: "module" });\n';
    const { out, emitted, errors } = run(['src/x/a.worker.ts'], { 'src/x/client.ts': code });
    expect(emitted).toEqual([{ type: 'chunk', id: resolve('src/x/a.worker.ts'), preserveSignature: false }]);
    expect(out['src/x/client.ts']).toContain(
      "new Worker(new URL(import.meta.ROLLUP_FILE_URL_ref1, import.meta.url), { type: 'module' })",
    );
    expect(out['src/x/client.ts']).toContain('new URL("./b.worker.ts", import.meta.url)');
    expect(errors).toEqual([]);
  });

  it('fails the build when a listed worker is never started in that form', () => {
    const { out, errors } = run(['src/x/a.worker.ts'], {
      'src/x/client.ts': "const url = new URL('./a.worker.ts', import.meta.url); new Worker(url);",
    });
    expect(out['src/x/client.ts']).toBeNull();
    expect(errors).toEqual([
      `shared-workers: never started as new Worker(new URL(...)): ${resolve('src/x/a.worker.ts')}`,
    ]);
  });
});
