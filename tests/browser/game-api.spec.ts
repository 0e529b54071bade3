import { expect, test } from '@playwright/test';
import { ROWS, scoreRow } from '../../src/engine/index.js';
import type { DicePokerState } from '../../src/index.js';
import { watchErrors } from './helpers.js';

test('refused calls carry a code and change nothing; a whole 2-player game driven through the public API and its events', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' }); // same physics, run to rest at once
  await page.goto('/');
  // First, on the fresh page: refused calls carry a code and change nothing.
  const outcome = await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    const codeOf = async (call: () => unknown) => {
      try {
        await call();
        return 'accepted';
      } catch (e) {
        return (e as { code?: string }).code ?? 'no code';
      }
    };
    const codes: Record<string, string> = {};
    codes.rollWithoutGame = await codeOf(() => el.roll());
    el.newGame({ players: ['A'], seed: 5 });
    const fresh = JSON.stringify(el.state);
    codes.scoreFirst = await codeOf(() => el.score('chance'));
    codes.holdFirst = await codeOf(() => el.toggleHold(0));
    const unchanged = JSON.stringify(el.state) === fresh;
    const inAir = el.roll();
    codes.scoreInAir = await codeOf(() => el.score('chance'));
    codes.rollInAir = await codeOf(() => el.roll());
    await inAir;
    await el.roll();
    await el.roll();
    const after3 = JSON.stringify(el.state);
    codes.fourth = await codeOf(() => el.roll());
    codes.badIndex = await codeOf(() => el.toggleHold(7));
    codes.badRow = await codeOf(() => el.score('yahtzee' as 'chance'));
    codes.badPlayers = await codeOf(() => el.newGame({ players: [] }));
    return { codes, unchanged, unchangedAfter: JSON.stringify(el.state) === after3 };
  });
  expect(outcome.codes).toEqual({
    rollWithoutGame: 'no-game',
    scoreFirst: 'no-roll-yet',
    holdFirst: 'no-roll-yet',
    scoreInAir: 'throw-in-progress',
    rollInAir: 'throw-in-progress',
    fourth: 'no-rolls-left',
    badIndex: 'bad-die-index',
    badRow: 'unknown-row',
    badPlayers: 'bad-player-count',
  });
  expect(outcome.unchanged).toBe(true);
  expect(outcome.unchangedAfter).toBe(true);

  // Then a whole game of two, in the same page.
  const result = await page.locator('dice-poker').evaluate(
    async (node, rows) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      /** Each event as heard on the element, with the state the element reported at that moment. */
      const events: {
        type: string;
        detail: unknown;
        bubbles: boolean;
        composed: boolean;
        state: DicePokerState;
      }[] = [];
      for (const type of ['dp-roll', 'dp-hold', 'dp-score', 'dp-turn', 'dp-game-over'] as const) {
        el.addEventListener(type, (e) =>
          events.push({ type, detail: e.detail, bubbles: e.bubbles, composed: e.composed, state: el.state }),
        );
      }
      el.newGame({ players: ['Ann', 'Bob'], seed: 99, rules: 'classic' });
      const snapshots: DicePokerState[] = [];
      const returned: number[] = [];
      const faces: number[][] = [];
      for (let turn = 0; turn < 13; turn++) {
        for (let p = 0; p < 2; p++) {
          faces.push(await el.roll());
          await el.toggleHold(0);
          faces.push(await el.roll());
          snapshots.push(el.state);
          returned.push(await el.score(rows[(turn + p * 5) % 13]!));
        }
      }
      return { events, snapshots, returned, faces, final: el.state };
    },
    [...ROWS],
  );

  // Every score returned equals the engine's scoring of the dice that were on the table.
  result.snapshots.forEach((s, i) => {
    const turn = Math.floor(i / 2);
    const row = ROWS[(turn + (i % 2) * 5) % 13]!;
    expect(result.returned[i]).toBe(scoreRow(row, s.dice));
  });

  // The events, in order: the first turn, then each player's turn as roll, hold, roll, score, and the
  // next turn (the game's end after the last).
  const types = result.events.map((e) => e.type);
  const expectedTypes = ['dp-turn'];
  for (let i = 0; i < 26; i++)
    expectedTypes.push('dp-roll', 'dp-hold', 'dp-roll', 'dp-score', i < 25 ? 'dp-turn' : 'dp-game-over');
  expect(types).toEqual(expectedTypes);
  for (const e of result.events) {
    // Heard on the element itself; they also bubble and cross shadow roots to reach the page.
    expect({ type: e.type, bubbles: e.bubbles, composed: e.composed }).toEqual({
      type: e.type,
      bubbles: true,
      composed: true,
    });
  }

  // Every detail agrees with the state the element reports when the event is heard.
  let rolls = 0;
  let scores = 0;
  let turns = 0;
  for (const { type, detail, state } of result.events) {
    if (type === 'dp-roll') {
      const faces = result.faces[rolls]!;
      const rollNumber = (rolls % 2) + 1;
      expect(detail).toEqual({
        player: state.current,
        dice: state.dice,
        held: state.held,
        rollNumber: state.rollsUsed,
      });
      expect(detail).toMatchObject({ player: Math.floor(rolls / 2) % 2, dice: faces, rollNumber });
      // The first throw of a turn holds nothing; the second throws with die 0 held.
      expect(state.held).toEqual([rollNumber === 2, false, false, false, false]);
      rolls++;
    } else if (type === 'dp-hold') {
      expect(detail).toEqual({ index: 0, held: true });
      expect(state.held[0]).toBe(true);
      expect(state.rollsUsed).toBe(1);
    } else if (type === 'dp-score') {
      const player = scores % 2;
      const row = ROWS[(Math.floor(scores / 2) + player * 5) % 13]!;
      const points = result.returned[scores]!;
      expect(detail).toEqual({ player, row, points, total: state.players[player]!.total });
      expect(state.players[player]!.scores[row]).toBe(points);
      scores++;
    } else if (type === 'dp-turn') {
      expect(detail).toEqual({ player: state.current, turn: state.turn });
      expect(detail).toEqual({ player: turns % 2, turn: Math.floor(turns / 2) });
      expect(state.rollsUsed).toBe(0);
      turns++;
    } else {
      expect(detail).toEqual({ totals: state.players.map((p) => p.total), winners: state.winners });
      expect(state.over).toBe(true);
    }
  }
  expect({ rolls, scores, turns }).toEqual({ rolls: 52, scores: 26, turns: 26 });

  const over = result.events.at(-1)!.detail as { totals: number[]; winners: number[] };
  const final = result.final;
  expect(final.over).toBe(true);
  expect(over.totals).toEqual(final.players.map((p) => p.total));
  const best = Math.max(...over.totals);
  expect(over.winners).toEqual(over.totals.flatMap((t, i) => (t === best ? [i] : [])));
  expect(final.winners).toEqual(over.winners);
  for (const p of final.players) {
    const rows = ROWS.reduce((sum, row) => sum + p.scores[row]!, 0);
    const upper = ROWS.slice(0, 6).reduce((sum, row) => sum + p.scores[row]!, 0);
    expect(p.total).toBe(rows + (upper >= 63 ? 35 : 0));
  }
  await expect(page.locator('dice-poker dp-game-over [data-verdict]')).toBeVisible();
  expect(JSON.parse(JSON.stringify(final))).toEqual(final);
  expect(errors).toEqual([]);
});

test('bad attribute values fall back to the defaults with one warning each', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto('/');
  const state = await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.setAttribute('seed', 'abc');
    el.setAttribute('rules', 'vegas');
    el.setAttribute('lang', 'xx');
    el.setAttribute('players', 'a,b,c,d,e,f,g');
    await el.updateComplete;
    el.setAttribute('players', 'Mari');
    await el.updateComplete;
    return el.state;
  });
  expect(state.players.map((p) => p.name)).toEqual(['Mari']);
  expect(state.rules).toBe('seed');
  for (const word of ['seed="abc"', 'rules="vegas"', 'lang="xx"', 'players="a,b,c,d,e,f,g"']) {
    expect(warnings.filter((w) => w.includes(word))).toHaveLength(1);
  }
});
