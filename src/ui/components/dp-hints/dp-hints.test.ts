// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { apply, newGame, toggleHold, type Game } from '../../../engine/index.js';
import { readFileSync } from 'node:fs';
import { createWinModel, decodeTargetTables, getTable } from '../../../engine/solver/index.js';
import type { Advice, WinAdvice } from '../../coach/protocol.js';
import type { SolverClient } from '../../coach/SolverClient.js';
import { adviseOn } from '../../coach/solver-service.js';
import { winAdvice } from '../../coach/win-service.js';
import { coachStringsFor } from '../../i18n/coach-strings.js';
import { stringsFor } from '../../i18n/index.js';
import './dp-hints.js';

const table = getTable('seed');
const coach = coachStringsFor('en');

function fresh(): Game {
  return newGame({ players: ['Mari'], seed: 1 });
}

function thrown(faces: number[]): Game {
  return apply(fresh(), { type: 'roll', faces });
}

/** The solver's advice on a game's position, as the worker would give it. */
function adviceFor(game: Game): Advice {
  const { rules, dice, rollsUsed } = game;
  return adviseOn(table, { rules, scores: game.players[game.current]!.scores, dice, rollsUsed });
}

/** A solver client that answers when told to, the way the worker answers: later. */
function pendingClient() {
  const asked: { game: Game; answer: (advice: Advice | null) => void; fail: () => void }[] = [];
  const client = {
    advise: (game: Game) =>
      new Promise<Advice | null>((resolve, reject) =>
        asked.push({ game, answer: resolve, fail: () => reject(new Error('worker gone')) }),
      ),
  } as unknown as SolverClient;
  return { client, asked };
}

/** A <dp-hints> on the page for `game`, rendered. */
async function mount(game: Game, props: { advice?: Advice; client?: SolverClient } = {}) {
  const el = document.createElement('dp-hints');
  el.game = game;
  el.strings = stringsFor('en');
  if (props.advice) el.advice = props.advice;
  if (props.client) el.client = props.client;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** Lets the answers given settle and the element render them. */
async function settle(el: HTMLElementTagNameMap['dp-hints']): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await el.updateComplete;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

afterEach(() => document.body.replaceChildren());

describe('<dp-hints>', () => {
  it('before a throw: only the expected score of the position', async () => {
    const game = fresh();
    const el = await mount(game, { advice: adviceFor(game) });
    expect(text(el.shadowRoot!.querySelector('[data-expected]'))).toMatch(/^\d+\.\d$/);
    expect(el.shadowRoot!.querySelector('[data-rows]')).toBeNull();
    expect(el.shadowRoot!.querySelector('[data-holds]')).toBeNull();
  });

  it('after a throw: every free row and the best holds, the optimal move marked', async () => {
    const game = thrown([6, 6, 6, 6, 2]);
    const advice = adviceFor(game);
    const el = await mount(game, { advice });
    const root = el.shadowRoot!;
    expect(text(root.querySelector('[data-expected]'))).toBe(advice.expected.toFixed(1));
    expect(root.querySelectorAll('[data-rows] li')).toHaveLength(13);
    // The best three holds, then the player's own (none held: throw all five again), which is not one of them.
    const holds = [...root.querySelectorAll('[data-holds] li')];
    expect(holds).toHaveLength(4);
    expect(text(holds[3]!.querySelector('.what'))).toBe(coach.yourHold);
    expect(holds[3]!.getAttribute('data-hold')).toBe('');
    // One best move in all, and four sixes are kept by it.
    expect(root.querySelectorAll('li.best')).toHaveLength(1);
    expect(root.querySelector('[data-holds] li.best')?.getAttribute('data-hold')).toBe('6666');
    expect(text(root.querySelector('[data-rows] li[data-row="fourOfAKind"] .what'))).toBe(
      'Four of a kind (26)',
    );
    expect(root.querySelector('section')!.getAttribute('aria-busy')).toBe('false');
  });

  it('shows the hold the player has when it is not among the best', async () => {
    const game = toggleHold(thrown([6, 6, 6, 6, 2]), 4); // keeps the 2 alone: never a good hold
    const el = await mount(game, { advice: adviceFor(game) });
    const own = [...el.shadowRoot!.querySelectorAll('[data-holds] li')].find(
      (li) => text(li.querySelector('.what')) === coach.yourHold,
    );
    expect(own?.getAttribute('data-hold')).toBe('2');
  });

  it('asks its client, says it is thinking, and shows the answer when it comes', async () => {
    const game = thrown([1, 2, 3, 4, 6]);
    const { client, asked } = pendingClient();
    const el = await mount(game, { client });
    expect(asked.map((q) => q.game)).toEqual([game]);
    expect(text(el.shadowRoot!.querySelector('[data-expected]'))).toBe('…');
    expect(text(el.shadowRoot!.querySelector('.note'))).toBe(coach.thinking);

    asked[0]!.answer(adviceFor(game));
    await settle(el);
    expect(el.shadowRoot!.querySelectorAll('[data-rows] li')).toHaveLength(13);
    expect(el.shadowRoot!.querySelector('.note')).toBeNull();
  });

  it('drops an answer for dice no longer on the table', async () => {
    const first = thrown([1, 2, 3, 4, 6]);
    const { client, asked } = pendingClient();
    const el = await mount(first, { client });
    const second = apply(first, { type: 'roll', faces: [5, 5, 5, 5, 5] });
    el.game = second;
    await el.updateComplete;
    expect(asked.map((q) => q.game)).toEqual([first, second]);

    asked[0]!.answer(adviceFor(first)); // late, for the dice before
    await settle(el);
    expect(el.shadowRoot!.querySelector('[data-rows]')).toBeNull();
    asked[1]!.answer(adviceFor(second));
    await settle(el);
    expect(text(el.shadowRoot!.querySelector('[data-rows] li.best .what'))).toBe('Five of a kind (50)');
  });

  it('says so when the solver cannot answer', async () => {
    const { client, asked } = pendingClient();
    const el = await mount(thrown([1, 2, 3, 4, 6]), { client });
    asked[0]!.fail();
    await settle(el);
    expect(text(el.shadowRoot!.querySelector('.note'))).toBe(coach.unavailable);
  });
});

describe('<dp-hints> with the chance to win', () => {
  // The shipped asset, read from the project (the tests run from its root).
  const targets = decodeTargetTables(new Uint8Array(readFileSync('src/engine/solver/win-targets.bin')));
  const model = createWinModel('seed', { table, targets });

  function duel(faces: number[]): Game {
    return apply(newGame({ players: ['Mari', 'Jaan'], seed: 1 }), { type: 'roll', faces });
  }

  /** A client that advises at once and gives the chance to win when told to. */
  function winClient() {
    const asked: { game: Game; answer: (win: WinAdvice | null) => void; fail: (code: string) => void }[] = [];
    const client = {
      advise: async (game: Game) => adviceFor(game),
      winAdvice: (game: Game) =>
        new Promise<WinAdvice | null>((resolve, reject) =>
          asked.push({
            game,
            answer: resolve,
            fail: (code) => reject(Object.assign(new Error(code), { code })),
          }),
        ),
    } as unknown as SolverClient;
    return { client, asked };
  }

  it('shows "…" beside each value until the chances come, then each one and every player\'s', async () => {
    const game = duel([6, 6, 6, 2, 1]);
    const { client, asked } = winClient();
    const el = await mount(game, { client });
    await settle(el);
    const root = el.shadowRoot!;
    expect(asked).toHaveLength(1);
    const rows = [...root.querySelectorAll('[data-rows] li')];
    expect(rows).toHaveLength(13);
    expect(rows.every((li) => text(li.querySelector('[data-win]')) === '…')).toBe(true);
    expect(text(root.querySelector('[data-chances]'))).toBe(coach.winPending);

    const win = winAdvice(game, model);
    asked[0]!.answer(win);
    await settle(el);
    for (const li of root.querySelectorAll('[data-rows] li')) {
      const row = win.rows!.find((r) => r.row === li.getAttribute('data-row'))!;
      expect(text(li.querySelector('[data-win]'))).toBe(coach.percent(row.win));
      expect(li.querySelector('[data-win]')!.getAttribute('aria-label')).toBe(coach.winOf(row.win));
    }
    const holds = [...root.querySelectorAll('[data-holds] li')];
    expect(holds.length).toBeGreaterThan(0);
    expect(holds.every((li) => /^(<|>)?\d+%$/.test(text(li.querySelector('[data-win]'))))).toBe(true);
    // Every player's chance, named, summing to 100%.
    const line = text(root.querySelector('[data-chances]'));
    expect(line).toMatch(/^Chance to win now: Mari \d+%, Jaan \d+%$/);
    const sum = [...line.matchAll(/(\d+)%/g)].reduce((total, m) => total + Number(m[1]), 0);
    expect(sum).toBeGreaterThanOrEqual(99);
    expect(sum).toBeLessThanOrEqual(101);
    expect(root.querySelector('[data-chance="0"]')!.classList.contains('current')).toBe(true);
  });

  it("leaves a value without a chance where the model has none, and keeps the players' line", async () => {
    const game = duel([1, 2, 3, 4, 6]);
    const { client, asked } = winClient();
    const el = await mount(game, { client });
    await settle(el);
    asked[0]!.answer({ ...winAdvice(game, model), rows: null, holds: null });
    await settle(el);
    expect(el.shadowRoot!.querySelectorAll('[data-rows] li')).toHaveLength(13);
    expect(el.shadowRoot!.querySelector('[data-win]')).toBeNull();
    expect(text(el.shadowRoot!.querySelector('[data-chances]'))).toMatch(/^Chance to win now: Mari/);
  });

  it('shows no chance at all without its worker, nor in a game of one', async () => {
    const game = duel([1, 2, 3, 4, 6]);
    const { client, asked } = winClient();
    const el = await mount(game, { client });
    await settle(el);
    asked[0]!.fail('unavailable');
    await settle(el);
    expect(el.shadowRoot!.querySelectorAll('[data-rows] li')).toHaveLength(13);
    expect(el.shadowRoot!.querySelector('[data-win]')).toBeNull();
    expect(el.shadowRoot!.querySelector('[data-chances]')).toBeNull();

    const solo = winClient();
    const alone = await mount(thrown([1, 2, 3, 4, 6]), { client: solo.client });
    await settle(alone);
    expect(solo.asked).toEqual([]);
    expect(alone.shadowRoot!.querySelector('[data-win]')).toBeNull();
    expect(alone.shadowRoot!.querySelector('[data-chances]')).toBeNull();
  });

  it('explains itself: the line and a choice have tooltips of their own, a note says what a choice is, and no choice reads above the line', async () => {
    // Seats as the coach gives them for two people: each judged as playing to win.
    const game = duel([6, 6, 5, 2, 1]);
    const win = winAdvice(game, model, { seats: ['win', 'win'] });
    for (const lang of ['en', 'et'] as const) {
      const words = coachStringsFor(lang);
      const el = await mount(game, { advice: adviceFor(game) });
      el.win = win;
      el.strings = stringsFor(lang);
      await el.updateComplete;
      const root = el.shadowRoot!;
      const line = root.querySelector('[data-chances]')!;
      expect(line.getAttribute('title')).toBe(words.lineHelp);
      const beside = [...root.querySelectorAll('[data-win]')];
      expect(beside.length).toBeGreaterThan(13);
      for (const node of beside) expect(node.getAttribute('title')).toBe(words.choiceHelp);
      expect(words.lineHelp).not.toBe(words.choiceHelp);
      expect(text(root.querySelector('[data-choice-note]'))).toBe(words.choiceNote);
      // The player's chance now is that of their best choice to win: the highest number beside a choice.
      const percent = (s: string) => Number(s.replace(/[^\d]/g, ''));
      const now = percent(text(line.querySelector('[data-chance="0"] strong')));
      const shown = beside.map((node) => percent(text(node)));
      expect(Math.max(...shown)).toBe(now);
      el.remove();
    }
    // Before a throw there are no choices, and so no note about them.
    const start = newGame({ players: ['Mari', 'Jaan'], seed: 1 });
    const before = await mount(start, { advice: adviceFor(start) });
    before.win = winAdvice(start, model);
    await before.updateComplete;
    expect(before.shadowRoot!.querySelector('[data-chances]')).not.toBeNull();
    expect(before.shadowRoot!.querySelector('[data-choice-note]')).toBeNull();
  });

  it('asks the chance to win with each seat judged as it plays: a person and `winner` to win, other computers for points', async () => {
    const game = duel([6, 6, 5, 2, 1]);
    const seen: unknown[] = [];
    const client = {
      advise: async (g: Game) => adviceFor(g),
      winAdvice: async (g: Game, seats?: unknown) => (seen.push(seats), winAdvice(g, model)),
    } as unknown as SolverClient;
    const el = document.createElement('dp-hints');
    el.game = game;
    el.strings = stringsFor('en');
    el.seats = ['human', 'optimal'];
    el.client = client;
    document.body.append(el);
    await settle(el);
    expect(seen).toEqual([['win', 'points']]);
    el.seats = ['human', 'winner'];
    await settle(el);
    expect(seen).toEqual([
      ['win', 'points'],
      ['win', 'win'],
    ]);
  });

  it('in Estonian', async () => {
    const game = duel([6, 6, 6, 2, 1]);
    const el = await mount(game, { advice: adviceFor(game) });
    el.win = winAdvice(game, model);
    el.strings = stringsFor('et');
    await el.updateComplete;
    expect(text(el.shadowRoot!.querySelector('[data-chances]'))).toMatch(
      /^Võiduvõimalus praegu: Mari \d+%, Jaan \d+%$/,
    );
  });
});
