// The smoke test each engine runs: the page loads and draws with WebGL, a person flicks the dice, holds one
// and scores a row with the mouse, and a game (through the element's API) plays to its end, without errors.
import { ROWS, scoreRow, type RowId } from '../../src/engine/index.js';
import type { DicePokerState } from '../../src/index.js';
import type { EngineDriver, PointerStep } from './drivers.js';
import { ERRORS_KEY } from './server.js';
import { sign, signedRecord, TEST_SIGNER } from '../support/signed-record.js';

/** The element as the page functions see it (`tableProbe` is its documented test hook). */
type DicePoker = HTMLElementTagNameMap['dice-poker'];

/** A test's body; it throws to fail. */
export interface SmokeTest {
  name: string;
  /** How long it may take, at most. */
  timeoutMs: number;
  run(driver: EngineDriver, url: string, log: (line: string) => void): Promise<void>;
}

/**
 * Runs `fn` in the page with the <dice-poker> element and `arg`. `fn` is sent as text: it may use only its
 * parameters and the page's globals.
 */
async function inPage<A, R>(driver: EngineDriver, fn: (el: DicePoker, arg: A) => R | Promise<R>, arg: A) {
  return (await driver.run(fn.toString(), arg)) as Awaited<R>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `read` until `ok` holds of its answer; fails with `what` and the last answer when time is up. */
async function poll<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs / 1000} s (last seen: ${JSON.stringify(value)})`);
    }
    await sleep(100);
    value = await read();
  }
  return value;
}

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

const stateOf = (driver: EngineDriver) => inPage(driver, (el): DicePokerState => el.state, null);

/** The errors seen so far: by the page's own probe and by the driver. */
export async function pageErrors(driver: EngineDriver): Promise<string[]> {
  const probed = await inPage(
    driver,
    (_el, key) => (window as unknown as Record<string, string[] | undefined>)[key] ?? null,
    ERRORS_KEY,
  );
  if (!probed) throw new Error('The error probe did not run in the page: its errors cannot be checked');
  return [...probed, ...driver.errors()];
}

async function expectNoErrors(driver: EngineDriver): Promise<void> {
  const errors = await pageErrors(driver);
  if (errors.length > 0) throw new Error(`Errors in the page:\n${errors.join('\n')}`);
}

/** Waits until the 3D scene draws no more frames (the dice rest, a held die is on the ledge). */
async function waitForStill(driver: EngineDriver): Promise<void> {
  const frames = () => inPage(driver, (el) => (el as DicePoker).tableProbe?.framesDrawn ?? null, null);
  let before = await frames();
  await poll(
    'The table to stop drawing',
    async () => {
      await sleep(150);
      const now = await frames();
      const still = now === before;
      before = now;
      return still;
    },
    (still) => still,
    10_000,
  );
}

/** The mouse, clicking at a point of the viewport. */
function click(x: number, y: number): PointerStep[] {
  return [{ type: 'move', x, y }, { type: 'down' }, { type: 'pause', ms: 60 }, { type: 'up' }];
}

/** A flick across the table: press near the player's side, drag away in steps a frame apart, release. */
function flick(box: { x: number; y: number; width: number; height: number }): PointerStep[] {
  const x = box.x + box.width * 0.5;
  const y = box.y + box.height * 0.72;
  const steps: PointerStep[] = [{ type: 'move', x, y }, { type: 'down' }];
  for (let i = 1; i <= 6; i++)
    steps.push({ type: 'pause', ms: 16 }, { type: 'move', x: x + i * 4, y: y - i * 22 });
  steps.push({ type: 'up' });
  return steps;
}

/** The box of an element in a shadow root of <dice-poker> (a nested one with `host`), scrolled into view. */
function boxOf(driver: EngineDriver, host: string | null, selector: string) {
  return inPage(
    driver,
    (el, a) => {
      const root = a.host ? el.shadowRoot?.querySelector(a.host)?.shadowRoot : el.shadowRoot;
      const target = root?.querySelector(a.selector);
      if (!target) return null;
      target.scrollIntoView({ block: 'center', inline: 'center' });
      const r = target.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, text: (target.textContent ?? '').trim() };
    },
    { host, selector },
  );
}

/** The tests, in order: each starts where the one before left the page. */
export const SMOKE_TESTS: SmokeTest[] = [
  {
    name: 'loads without errors and draws <dice-poker> with WebGL',
    timeoutMs: 60_000,
    async run(driver, url, log) {
      await driver.goto(url);
      const seen = await poll(
        'The element defined and its 3D table drawn',
        () =>
          inPage(
            driver,
            (el) => {
              if (!el || !customElements.get('dice-poker')) return { defined: false };
              const canvas = el.shadowRoot?.querySelector('canvas');
              const frames = (el as DicePoker).tableProbe?.framesDrawn ?? 0;
              const notice = !!el.shadowRoot?.querySelector('.notice');
              // The context three made is the one asked for again (never ask before: that would make one).
              const gl = canvas && frames > 0 ? canvas.getContext('webgl2') : null;
              return {
                defined: true,
                canvas: !!canvas,
                frames,
                notice,
                webgl2: !!gl && gl instanceof WebGL2RenderingContext && !gl.isContextLost(),
                renderer: gl ? `${gl.getParameter(gl.VERSION)}, ${gl.getParameter(gl.RENDERER)}` : '',
              };
            },
            null,
          ),
        (s) => !!s.frames || !!s.notice,
        40_000,
      );
      if (seen.notice) throw new Error('The page shows its notice that WebGL is missing (the 2D fallback)');
      expectEqual('A canvas in the shadow root', seen.canvas, true);
      expectEqual('A live WebGL2 context on the canvas', seen.webgl2, true);
      log(`WebGL: ${seen.renderer}`);
      // A first visit opens "How to play" over the game: closed as a player does, by its button.
      const close = await poll(
        'How to play, open on a first visit',
        () => boxOf(driver, 'dp-how-to-play', '[data-close-guide]'),
        (box) => !!box,
        20_000,
      );
      await driver.pointer(click(close!.x + close!.width / 2, close!.y + close!.height / 2));
      await poll(
        'How to play closed by its button',
        () => inPage(driver, (el) => !el.shadowRoot?.querySelector('dp-how-to-play'), null),
        (closed) => closed,
        10_000,
      );
      await expectNoErrors(driver);
    },
  },
  {
    name: 'a mouse flick throws the dice; the dice drawn are the dice of the game',
    timeoutMs: 60_000,
    async run(driver) {
      await inPage(
        driver,
        (el) => {
          el.setAttribute('lang', 'en');
          el.setAttribute('seed', '7');
          el.setAttribute('players', 'Mari');
        },
        null,
      );
      await poll(
        "Mari's game started, its controls shown",
        () =>
          inPage(
            driver,
            (el) => ({
              players: el.state.players.map((p) => p.name),
              rollsUsed: el.state.rollsUsed,
              controls: !!el.shadowRoot?.querySelector('dp-controls'),
            }),
            null,
          ),
        (s) => s.players.join() === 'Mari' && s.rollsUsed === 0 && s.controls,
        10_000,
      );
      await waitForStill(driver);
      const table = await boxOf(driver, null, 'canvas');
      if (!table || table.width < 100 || table.height < 100) {
        throw new Error(`The table's canvas is not shown: ${JSON.stringify(table)}`);
      }
      await inPage(
        driver,
        (el) => {
          // What the canvas gets of the flick: a drag (a press, moves with the button down, a release).
          const seen: string[] = [];
          (window as unknown as { flickSeen: string[] }).flickSeen = seen;
          const canvas = el.shadowRoot!.querySelector('canvas')!;
          for (const type of ['pointerdown', 'pointermove', 'pointerup']) {
            canvas.addEventListener(
              type,
              (e) => {
                const p = e as PointerEvent;
                seen.push(`${p.type}:${p.pointerType}:${p.buttons}:${Math.round(p.clientY)}`);
              },
              { capture: true },
            );
          }
        },
        null,
      );
      await driver.pointer(flick(table));
      const events = await inPage(
        driver,
        () => (window as unknown as { flickSeen: string[] }).flickSeen,
        null,
      );
      const drags = events.filter((e) => /^pointermove:mouse:1:/.test(e)).map((e) => Number(e.split(':')[3]));
      if (
        !events.some((e) => e.startsWith('pointerdown:mouse:1:')) ||
        drags.length < 3 ||
        drags[0]! - drags.at(-1)! < 80 ||
        !events.some((e) => e.startsWith('pointerup:mouse:0'))
      ) {
        throw new Error(`The canvas did not get the flick as a mouse drag: ${events.join(', ')}`);
      }
      const state = await poll(
        'The flicked dice at rest',
        () => stateOf(driver),
        (s) => s.rollsUsed === 1,
        45_000,
      );
      await poll(
        'The faces drawn on top to be the dice of the game',
        () => inPage(driver, (el) => (el as DicePoker).tableProbe?.drawnFaces() ?? null, null),
        (faces) => JSON.stringify(faces) === JSON.stringify(state.dice),
        10_000,
      );
    },
  },
  {
    name: 'a mouse click on a die holds it',
    timeoutMs: 30_000,
    async run(driver) {
      const point = await inPage(driver, (el) => el.dieAt(0), null);
      if (!point) throw new Error('dieAt(0) gave no point: no 3D table');
      await driver.pointer(click(point.x, point.y));
      await poll(
        'Die 0 held (state and tray)',
        () =>
          inPage(
            driver,
            (el) => ({
              held: el.state.held[0],
              pressed: el.shadowRoot
                ?.querySelector('dp-controls')
                ?.shadowRoot?.querySelector('.die[data-die="0"]')
                ?.getAttribute('aria-pressed'),
            }),
            null,
          ),
        (s) => s.held === true && s.pressed === 'true',
        10_000,
      );
      await waitForStill(driver);
    },
  },
  {
    name: 'a mouse click on the score sheet scores the row shown',
    timeoutMs: 30_000,
    async run(driver, _url, log) {
      const before = await stateOf(driver);
      const option = await boxOf(driver, 'dp-scorecard', 'button.option[data-row]');
      if (!option) throw new Error('No row to choose on the score sheet');
      const row = (await inPage(
        driver,
        (el) =>
          el.shadowRoot
            ?.querySelector('dp-scorecard')
            ?.shadowRoot?.querySelector('button.option[data-row]')
            ?.getAttribute('data-row') ?? null,
        null,
      )) as RowId;
      const shown = Number(option.text);
      expectEqual(`The points shown for ${row}`, shown, scoreRow(row, before.dice));
      await driver.pointer(click(option.x + option.width / 2, option.y + option.height / 2));
      if (shown === 0) {
        const confirm = await poll(
          'The button that confirms a 0',
          () => boxOf(driver, 'dp-scorecard', '[data-confirm-zero]'),
          (box) => !!box,
          5_000,
        );
        await driver.pointer(click(confirm!.x + confirm!.width / 2, confirm!.y + confirm!.height / 2));
      }
      const after = await poll(
        `${row} scored`,
        () => stateOf(driver),
        (s) => s.players[0]!.scores[row] !== undefined,
        10_000,
      );
      expectEqual(`Mari's points for ${row}`, after.players[0]!.scores[row], shown);
      expectEqual('The next turn', after.turn, before.turn + 1);
      const cell = await inPage(
        driver,
        (el, r) =>
          el.shadowRoot
            ?.querySelector('dp-scorecard')
            ?.shadowRoot?.querySelector(`tr[data-row="${r}"] td`)
            ?.textContent?.trim() ?? null,
        row,
      );
      expectEqual(`The sheet's cell for ${row}`, cell, String(shown));
      log(`Scored ${row}: ${shown} with ${before.dice.join(' ')}${shown === 0 ? ' (0 confirmed)' : ''}`);
    },
  },
  {
    name: 'the game (with reduced motion, through the API) plays to its end and shows who won',
    timeoutMs: 60_000,
    async run(driver, _url, log) {
      await inPage(
        driver,
        async (el) => {
          el.setAttribute('reduced-motion', '');
          await el.updateComplete;
        },
        null,
      );
      for (let turn = 0; turn < 12; turn++) {
        await inPage(
          driver,
          async (el, rows) => {
            await el.roll();
            const scores = el.state.players[0]!.scores as Record<string, number>;
            el.score(rows.find((row) => scores[row] === undefined)!);
          },
          [...ROWS] as RowId[],
        );
      }
      const state = await stateOf(driver);
      expectEqual('The game over', state.over, true);
      expectEqual('Rows filled', Object.keys(state.players[0]!.scores).sort(), [...ROWS].sort());
      const verdict = await poll(
        'The game-over panel',
        () =>
          inPage(
            driver,
            (el) => {
              const panel = el.shadowRoot?.querySelector('dp-game-over');
              if (!panel || !customElements.get('dp-game-over')) return null;
              return panel.shadowRoot?.querySelector('[data-verdict]')?.textContent?.trim() || null;
            },
            null,
          ),
        (text) => !!text,
        15_000,
      );
      log(`Game over: ${verdict} (${state.players[0]!.total} points)`);
    },
  },
  {
    name: 'verifies an online game’s record: never calls a true game tampered, names a changed throw',
    timeoutMs: 60_000,
    async run(driver, _url, log) {
      // Signed by the key the test server serves (TEST_SIGNER); the changed records are signed again by
      // it, as a server's own mistake would be, so that the steps after the signature are what fails.
      const { record } = await signedRecord();
      const changed = structuredClone(record);
      const roll = changed.log.filter((a) => a.type === 'roll')[7] as { faces: number[] };
      roll.faces[0] = (roll.faces[0]! % 6) + 1;
      const forged = {
        ...record,
        secret: `${record.secret[0] === '0' ? '1' : '0'}${record.secret.slice(1)}`,
      };
      const byHand = { ...record, roomId: 'other1' };
      const [truth, face, secret, hand] = await inPage(
        driver,
        async (el, records) => {
          const results = [];
          for (const text of records) results.push(await el.verifyGameRecord(text));
          return results;
        },
        [record, sign(changed, TEST_SIGNER), sign(forged, TEST_SIGNER), byHand].map((r) => JSON.stringify(r)),
      );
      log(
        `signature checked by ${truth!.signatureEngine}; ` +
          `physics ${truth!.physicsReproducible ? 'reproduces' : 'does NOT reproduce'} the server's here; ` +
          `true record: ${truth!.verdict}; a face changed: ${face!.verdict} (${face!.finding?.step}); ` +
          `secret changed: ${secret!.verdict}; changed by hand: ${hand!.verdict} (${hand!.finding?.step})`,
      );
      expectEqual('Changed by hand', [hand!.verdict, hand!.finding?.step], ['tampered', 'signature']);
      // A true game is never called tampered: verified, or (where the physics differs) the rest not checkable.
      if (truth!.physicsReproducible) expectEqual('A true record', truth!.verdict, 'verified');
      else
        expectEqual(
          'A true record, physics differing',
          [truth!.verdict, truth!.finding?.step],
          ['unverifiable', 'faces'],
        );
      expectEqual('A changed face, named', [face!.finding?.step, face!.finding?.at?.number], ['faces', 7]);
      expectEqual('A changed face', face!.verdict, truth!.physicsReproducible ? 'tampered' : 'unverifiable');
      expectEqual('A changed secret', [secret!.verdict, secret!.finding?.step], ['tampered', 'commitment']);
    },
  },
  {
    name: 'no page errors from the first load to the end',
    timeoutMs: 10_000,
    async run(driver) {
      await expectNoErrors(driver);
    },
  },
];
