// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ROWS, apply, newGame, totals, type Action, type Game } from '../../../engine/index.js';
import { getTable } from '../../../engine/solver/index.js';
import { reviewGame, worstDecisions, type GameReview } from '../../../engine/solver/review.js';
import type { SolverClient } from '../../coach/SolverClient.js';
import { coachStringsFor } from '../../i18n/coach-strings.js';
import { stringsFor } from '../../i18n/index.js';
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
    const players = [...el.shadowRoot!.querySelectorAll('article[data-player]')];
    expect(players.map((p) => text(p.querySelector('h3')))).toEqual(['Mari', 'Jüri']);
    const mari = players[0]!;
    expect(text(mari.querySelector('[data-loss] strong'))).toBe(coach.loss(review.players[0]!.totalLoss));
    expect(text(mari.querySelector('.facts'))).toContain(`${coach.finalScore} ${totals(game)[0]}`);
    expect(mari.querySelectorAll('svg.chart rect')).toHaveLength(13);
    // The five decisions that lost the most, worst first, as the engine ranks them.
    const expected = worstDecisions(review.players[0]!, 5);
    const worst = [...mari.querySelectorAll('[data-worst] li')];
    expect(expected).toHaveLength(5);
    expect(worst.map((li) => text(li.querySelector('.when')))).toEqual(
      expected.map((d) => coach.when(d.turn, d.rollsUsed)),
    );
    expect(worst.map((li) => text(li.querySelector('.loss')))).toEqual(
      expected.map((d) => coach.loss(d.loss)),
    );
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
