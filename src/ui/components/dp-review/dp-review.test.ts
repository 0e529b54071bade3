// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ROWS, apply, newGame, totals, type Action, type Game } from '../../../engine/index.js';
import { readFileSync } from 'node:fs';
import {
  createWinModel,
  decodeTargetTables,
  getTable,
  reviewByWin,
  type WinReviewedDecision,
} from '../../../engine/solver/index.js';
import { reviewGame, worstDecisions, type GameReview } from '../../../engine/solver/review.js';
import type { SolverClient } from '../../coach/SolverClient.js';
import { coachStringsFor } from '../../i18n/coach-strings.js';
import { stringsFor } from '../../i18n/index.js';
import { lossByRound } from '../../coach/review-model.js';
import './dp-review.js';

const table = getTable('seed');
const coach = coachStringsFor('en');

/**
 * A finished two-player game: Mari scores each row in order with the dice thrown once (a mistake or
 * two: five sixes go in "Ones"), Jüri throws 1 2 3 4 5 and scores chance first.
 */
function finished(): Game {
  let game = newGame({ players: ['Mari', 'Jüri'], seed: 5 });
  const play = (action: Action) => (game = apply(game, action));
  for (const [turn, row] of ROWS.entries()) {
    play({ type: 'roll', faces: [6, 6, 6, 6, 6] });
    play({ type: 'score', row });
    play({ type: 'roll', faces: [1, 2, 3, 4, 5] });
    play({ type: 'score', row: ROWS[(turn + ROWS.length - 1) % ROWS.length]! });
  }
  return game;
}

function reviewOf(game: Game): GameReview {
  return reviewGame(
    { players: game.players.map((p) => p.name), seed: game.seed, rules: game.rules },
    game.log,
    table,
  );
}

/** A <dp-review> on the page, rendered. */
async function mount(game: Game, props: { review?: GameReview; client?: SolverClient } = {}) {
  const el = document.createElement('dp-review');
  el.game = game;
  el.strings = stringsFor('en');
  if (props.review) el.review = props.review;
  if (props.client) el.client = props.client;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

async function settle(el: HTMLElementTagNameMap['dp-review']): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await el.updateComplete;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

afterEach(() => document.body.replaceChildren());

describe('<dp-review>', () => {
  it('shows each player: points lost, final score, a bar per round, the worst decisions', async () => {
    const game = finished();
    const review = reviewOf(game);
    const el = await mount(game, { review });
    // Which rules the expected scores below are of.
    expect(text(el.shadowRoot!.querySelector('[data-review-rules]'))).toBe('Rules: Täringupokker');
    const players = [...el.shadowRoot!.querySelectorAll('article[data-player]')];
    expect(players.map((p) => text(p.querySelector('h3')))).toEqual(['Mari', 'Jüri']);
    const mari = players[0]!;
    // "Points lost: 511.7", no minus: the words say it is lost.
    expect(text(mari.querySelector('[data-loss] strong'))).toBe(coach.number(review.players[0]!.totalLoss));
    expect(text(mari.querySelector('[data-loss]'))).not.toContain('−');
    expect(text(mari.querySelector('.facts'))).toContain(`${coach.finalScore} ${totals(game)[0]}`);
    // A bar per round on a chart with both axes labelled, and its numbers as a table.
    expect(mari.querySelectorAll('svg.dp-chart rect')).toHaveLength(13);
    expect([...mari.querySelectorAll('svg.dp-chart text.label')].map(text)).toEqual([
      coach.roundAxis,
      coach.pointsLost,
    ]);
    expect(mari.querySelectorAll('svg.dp-chart text.tick').length).toBeGreaterThan(13);
    const cells = [...mari.querySelectorAll('.dp-table tbody tr')].map((tr) => text(tr.lastElementChild));
    expect(cells).toEqual(lossByRound(review.players[0]!).map((loss) => coach.number(loss)));
    // The five decisions that lost the most, worst first, as the engine ranks them.
    const expected = worstDecisions(review.players[0]!, 5, 0.05);
    const worst = [...mari.querySelectorAll('[data-worst] li')];
    expect(expected).toHaveLength(5);
    expect(worst.map((li) => text(li.querySelector('.when')))).toEqual(
      expected.map((d) => coach.when(d.turn, d.rollsUsed)),
    );
    expect(worst.map((li) => text(li.querySelector('.loss')))).toEqual(
      expected.map((d) => coach.loss(d.loss)),
    );
    // Nothing listed among the worst shows as no loss at all.
    expect(worst.map((li) => text(li.querySelector('.loss')))).not.toContain('−0.0');
    // Every decision is listed on request: one per row.
    expect(mari.querySelectorAll('[data-all] li')).toHaveLength(13);
  });

  it('says so when a player made no mistake', async () => {
    const game = finished();
    const review = reviewOf(game);
    const flawless: GameReview = {
      ...review,
      players: review.players.map((p) => ({
        ...p,
        totalLoss: 0,
        decisions: p.decisions.map((d) => ({ ...d, chosen: d.best, loss: 0 })),
      })),
    };
    const el = await mount(game, { review: flawless });
    expect(el.shadowRoot!.querySelector('[data-worst]')).toBeNull();
    expect(
      [...el.shadowRoot!.querySelectorAll('article .note')].map(text).every((t) => t === coach.noMistakes),
    ).toBe(true);
  });

  it('asks its client for the review, says it is reviewing, then shows it; or says it could not', async () => {
    const game = finished();
    const answers: { resolve: (review: GameReview) => void; reject: (error: Error) => void }[] = [];
    const client = {
      review: () => new Promise<GameReview>((resolve, reject) => answers.push({ resolve, reject })),
    } as unknown as SolverClient;
    const el = await mount(game, { client });
    expect(answers).toHaveLength(1);
    expect(text(el.shadowRoot!.querySelector('[role="status"]'))).toBe(coach.reviewing);
    expect(el.shadowRoot!.querySelector('section')!.getAttribute('aria-busy')).toBe('true');
    answers[0]!.resolve(reviewOf(game));
    await settle(el);
    expect(el.shadowRoot!.querySelectorAll('article[data-player]')).toHaveLength(2);
    expect(el.shadowRoot!.querySelector('section')!.getAttribute('aria-busy')).toBe('false');

    const failing = await mount(finished(), { client });
    answers[1]!.reject(new Error('worker gone'));
    await settle(failing);
    expect(text(failing.shadowRoot!.querySelector('[role="status"]'))).toBe(coach.unavailable);
  });
});

describe('<dp-review> by the chance to win', () => {
  // The shipped asset, read from the project (the tests run from its root).
  const targets = decodeTargetTables(new Uint8Array(readFileSync('src/engine/solver/win-targets.bin')));
  const model = createWinModel('seed', { table, targets });
  const game = finished();
  const decisions = reviewByWin(
    { players: game.players.map((p) => p.name), seed: game.seed, rules: game.rules },
    game.log,
    model,
  );

  it('switches to the decisions that gave up the most chance to win, asking its client once', async () => {
    const asked: Game[] = [];
    let answer: (d: WinReviewedDecision[]) => void = () => {};
    const client = {
      review: async () => reviewOf(game),
      winReview: (g: Game) => {
        asked.push(g);
        return new Promise<WinReviewedDecision[]>((resolve) => (answer = resolve));
      },
    } as unknown as SolverClient;
    const el = await mount(game, { client });
    await settle(el);
    const root = el.shadowRoot!;
    expect(asked).toEqual([]); // by points first: nothing asked of the win worker
    expect(root.querySelector('[data-by="points"]')!.getAttribute('aria-pressed')).toBe('true');
    expect(root.querySelector('article[data-by-win]')).toBeNull();

    (root.querySelector('[data-by="win"]') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(asked).toEqual([game]);
    expect(el.by).toBe('win');
    expect(text(root.querySelector('[role="status"]'))).toBe(coach.reviewing);
    answer(decisions);
    await settle(el);
    const players = [...root.querySelectorAll('article[data-by-win]')];
    expect(players.map((p) => text(p.querySelector('h3')))).toEqual(['Mari', 'Jüri']);
    // Mari's worst, by the chance to win given up, as the engine judged them.
    const mari = decisions.filter((d) => d.player === 0 && d.loss >= 0.001).sort((a, b) => b.loss - a.loss);
    expect(mari.length).toBeGreaterThan(0);
    const worst = [...players[0]!.querySelectorAll('[data-worst] li')];
    expect(worst.map((li) => text(li.querySelector('.loss')))).toEqual(
      mari.slice(0, 5).map((d) => coach.winLoss(d.loss)),
    );
    expect(worst.every((li) => /^−(<)?\d+%$/.test(text(li.querySelector('.loss'))))).toBe(true);
    expect(players[0]!.querySelectorAll('[data-all] li')).toHaveLength(
      decisions.filter((d) => d.player === 0).length,
    );

    // Back to points, and again to the chance to win: not asked twice.
    (root.querySelector('[data-by="points"]') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(root.querySelectorAll('article[data-player]:not([data-by-win])')).toHaveLength(2);
    (root.querySelector('[data-by="win"]') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(asked).toHaveLength(1);
    expect(root.querySelectorAll('article[data-by-win]')).toHaveLength(2);
  });

  it('offers no switch in a game of one, nor without a way to know the chance to win', async () => {
    let solo = newGame({ players: ['Mari'], seed: 5 });
    for (const row of ROWS) {
      solo = apply(solo, { type: 'roll', faces: [6, 6, 6, 6, 6] });
      solo = apply(solo, { type: 'score', row });
    }
    const client = {
      review: async () => reviewOf(solo),
      winReview: async () => [],
    } as unknown as SolverClient;
    const alone = await mount(solo, { client });
    expect(alone.shadowRoot!.querySelector('.by')).toBeNull();
    const without = await mount(game, { review: reviewOf(game) });
    expect(without.shadowRoot!.querySelector('.by')).toBeNull();
  });

  it('says so when the chance to win cannot be had', async () => {
    const client = {
      review: async () => reviewOf(game),
      winReview: async () => Promise.reject(new Error('no worker')),
    } as unknown as SolverClient;
    const el = await mount(game, { client });
    el.by = 'win';
    await settle(el);
    expect(text(el.shadowRoot!.querySelector('[role="status"]'))).toBe(coach.unavailable);
  });
});
