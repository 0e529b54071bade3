/**
 * The layer lint (eslint.config.js, eslint-plugin-boundaries): code written as if it were a file of a
 * layer is linted with the project's own configuration, and an import against the direction of the
 * layers (docs/ARCHITECTURE.md "Layers") is reported, however it is written, while the allowed ones are
 * not. The imported files are real ones: the rule judges the file an import resolves to.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The layer rule's messages for `code` as the file `filePath` (relative to the repository). */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('the layer lint', { timeout: 60_000 }, () => {
  it.each([
    // A layer importing one above it, by every way an import is written.
    ['src/engine/probe.ts', "import { onlineStringsFor } from '../ui/i18n/online-strings.js';"],
    ['src/engine/probe.ts', "import type { OnlineStrings } from '../ui/i18n/online-strings.js';"],
    ['src/engine/probe.ts', "export { onlineStringsFor } from '../ui/i18n/online-strings.js';"],
    ['src/engine/probe.ts', "export const load = () => import('../scene/DiceScene.js');"],
    ['src/engine/probe.ts', "import '../physics/DiceWorld.js';"],
    ['src/engine/bots/deeper/probe.ts', "import { Table } from '../../../table/Table.js';"],
    ['src/engine/probe.ts', "import { Table } from './bots/../../table/Table.js';"],
    ['src/physics/probe.ts', "import { DiceScene } from '../scene/DiceScene.js';"],
    ['src/online/probe.ts', "import { Table } from '../table/Table.js';"],
    ['src/table/probe.ts', "import { DiceScene } from '../scene/DiceScene.js';"],
    ['src/scene/probe.ts', "import { onlineStringsFor } from '../ui/i18n/online-strings.js';"],
    ['src/scene/probe.ts', "import { Table } from '../table/Table.js';"],
    ['src/ui/probe.ts', "import '../index.js';"],
    ['src/ui/probe.ts', "import { startServer } from '../../server/src/server.js';"],
    ['server/src/probe.ts', "import { onlineStringsFor } from '../../src/ui/i18n/online-strings.js';"],
    ['server/src/probe.ts', "import { DiceScene } from '../../src/scene/DiceScene.js';"],
    // A file of no layer, or one that is not there (what cannot be resolved cannot be judged).
    ['src/engine/probe.ts', "import { playedRecord } from '../../tests/support/played-record.js';"],
    ['src/table/probe.ts', "import { gone } from '../online/no-such-file.js';"],
    // A package a layer runs without.
    ['src/engine/probe.ts', "import { World } from 'cannon-es';"],
    ['src/engine/probe.ts', "import * as THREE from 'three';"],
    ['src/physics/probe.ts', "import { Vector3 } from 'three';"],
    ['src/table/probe.ts', "import { LitElement } from 'lit';"],
    ['src/table/probe.ts', "import { customElement } from 'lit/decorators.js';"],
    ['src/online/probe.ts', "import { ReactiveElement } from '@lit/reactive-element';"],
    ['src/scene/probe.ts', "import { html } from 'lit';"],
    ['server/src/probe.ts', "import { Vector3 } from 'three';"],
  ])('reports %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toHaveLength(1);
  });

  it('says which package a layer runs without', async () => {
    expect(await layerErrors('src/engine/probe.ts', "import * as THREE from 'three';")).toEqual([
      'src/engine runs without three, cannon-es, lit, @lit/*.',
    ]);
  });

  it.each([
    ['src/engine/probe.ts', "import { CodedError } from './errors.js';\nimport { describe } from 'vitest';"],
    [
      'src/physics/probe.ts',
      "import { World } from 'cannon-es';\nimport { CodedError } from '../engine/errors.js';",
    ],
    ['src/online/probe.ts', "import { DiceWorld } from '../physics/DiceWorld.js';"],
    [
      'src/table/probe.ts',
      "import { CodedError } from '../engine/errors.js';\nimport type { ClientMessages } from '../online/protocol.js';",
    ],
    [
      'src/scene/probe.ts',
      "import * as THREE from 'three';\nimport { DiceWorld } from '../physics/DiceWorld.js';",
    ],
    [
      'src/ui/probe.ts',
      "import { LitElement } from 'lit';\nimport { Table } from '../table/Table.js';\nimport { DiceScene } from '../scene/DiceScene.js';",
    ],
    [
      'src/page/probe.ts',
      "import '../index.js';\nimport { onlineStringsFor } from '../ui/i18n/online-strings.js';",
    ],
    [
      'server/src/probe.ts',
      "import { createServer } from 'node:http';\nimport express from 'express';\nimport { Table } from '../../src/table/Table.js';\nimport { MAX_BODY_BYTES } from './http-body.js';",
    ],
  ])('allows %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});
