import { afterEach, describe, expect, it } from 'vitest';
import { apply, newGame, setupOf, type Game } from '../../engine/index.js';
import { createBot, playGame } from '../../engine/bots/index.js';
import { expectedScoreFromStart, getTable } from '../../engine/solver/index.js';
import { reviewGame } from '../../engine/solver/review.js';
import type { SolverRequest, SolverResponse } from './protocol.js';
import { answer } from './solver-service.js';
import { SolverClient, SolverError, type WorkerLike } from './SolverClient.js';

const table = getTable('seed');
const clients: SolverClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.dispose()));

function client(...args: ConstructorParameters<typeof SolverClient>): SolverClient {
  const made = new SolverClient(...args);
  clients.push(made);
  return made;
}

function thrown(faces: number[], seed = 1): Game {
  return apply(newGame({ players: ['a'], seed }), { type: 'roll', faces });
}

/** A stand-in worker that answers like the real one, a little later, and counts what it is asked. */
class FakeWorker implements WorkerLike {
  asked: SolverRequest[] = [];
  terminated = false;
  private onMessage: ((event: MessageEvent<SolverResponse>) => void) | undefined;
  onError: ((event: Event) => void) | undefined;

  postMessage(message: SolverRequest): void {
    this.asked.push(structuredClone(message));
    setTimeout(() => {
      if (!this.terminated)
        this.onMessage?.({ data: structuredClone(answer(message)) } as MessageEvent<SolverResponse>);
    }, 1);
  }

  addEventListener(type: 'message', listener: (event: MessageEvent<SolverResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent<SolverResponse>) => void): void {
    if (type === 'message') this.onMessage = listener;
    else this.onError = listener as (event: Event) => void;
  }

  terminate(): void {
    this.terminated = true;
  }

  /** Answers as the worker would, with `response`. */
  answerWith(response: SolverResponse): void {
    this.onMessage?.({ data: response } as MessageEvent<SolverResponse>);
  }
}

describe('SolverClient in the main thread (no Worker in Node)', () => {
  it('says so, and advises as the solver ranks', async () => {
    const solver = client();
    expect(solver.usesWorker).toBe(false);
    const before = await solver.advise(newGame({ players: ['a'] }));
    expect(before!.expected).toBeCloseTo(expectedScoreFromStart(table), 9);
    expect(before!.rows).toEqual([]);
    const advice = await solver.advise(thrown([6, 6, 6, 2, 1]));
    expect(advice!.best).toEqual({ type: 'hold', held: [true, true, true, false, false] });
    expect(advice!.rows).toHaveLength(13);
  });

  it('drops a superseded question: only the latest answer arrives', async () => {
    const solver = client();
    const first = solver.advise(thrown([6, 6, 6, 2, 1]));
    const second = solver.advise(thrown([1, 2, 3, 4, 4]));
    const third = solver.advise(thrown([5, 5, 2, 2, 1]));
    expect(await second).toBeNull();
    const last = await third;
    expect(last!.dice).toEqual([5, 5, 2, 2, 1]);
    // The first was already being solved when the others came: it is dropped too.
    expect(await first).toBeNull();
  });

  it('answers the same question asked twice once, to both', async () => {
    const worker = new FakeWorker();
    const solver = client({ createWorker: () => worker });
    const game = thrown([6, 6, 6, 2, 1]);
    const [a, b] = await Promise.all([solver.advise(game), solver.advise(game)]);
    expect(a).toEqual(b);
    expect(a).not.toBeNull();
    expect(worker.asked.filter((r) => r.kind === 'advice')).toHaveLength(1);
  });

  it('has nothing to advise for no game or a finished one', async () => {
    const solver = client();
    expect(await solver.advise(null)).toBeNull();
    const over = playGame({ players: ['a'], seed: 2 }, [createBot('easy')]);
    expect(await solver.advise(over)).toBeNull();
  });

  it('reviews a game as the engine does, and hands out a table', async () => {
    const solver = client();
    const game = playGame({ players: ['a', 'b'], seed: 4 }, [createBot('easy'), createBot('good')]);
    expect(await solver.review(game)).toEqual(reviewGame(setupOf(game), game.log, table));
    expect((await solver.table('seed')).values).toBe(table.values);
  });

  it('refuses an answer of another kind than the request (bad-response), as the protocol is typed', async () => {
    const worker = new FakeWorker();
    worker.postMessage = (message) => {
      worker.asked.push(message);
      setTimeout(() => worker.answerWith({ id: message.id, ok: true, kind: 'prepare', millis: 1 }), 1);
    };
    const solver = client({ createWorker: () => worker });
    await expect(solver.table('seed')).rejects.toMatchObject({ name: 'SolverError', code: 'bad-response' });
  });

  it('asks its worker to solve a rule set ahead of need, and resolves with the milliseconds it reports', async () => {
    const worker = new FakeWorker();
    const solver = client({ createWorker: () => worker });
    const millis = await solver.prepare('seed');
    expect(worker.asked).toEqual([expect.objectContaining({ kind: 'prepare', rules: 'seed' })]);
    expect(typeof millis === 'number' && Number.isFinite(millis)).toBe(true);
  });

  it('rejects a refused position with the engine code', async () => {
    const solver = client();
    const bad = { rules: 'seed' as const, scores: {}, dice: [0, 1, 1, 1, 1], rollsUsed: 1 };
    await expect(solver.adviseOn(bad)).rejects.toMatchObject({ name: 'SolverError', code: 'bad-dice' });
  });

  it('after dispose resolves advice to null and refuses the rest', async () => {
    const solver = client();
    const pending = solver.advise(thrown([6, 6, 6, 2, 1]));
    const review = solver.review(thrown([1, 1, 1, 1, 1]));
    solver.dispose();
    expect(await pending).toBeNull();
    await expect(review).rejects.toBeInstanceOf(SolverError);
    await expect(solver.table('seed')).rejects.toMatchObject({ code: 'disposed' });
    expect(await solver.advise(thrown([6, 6, 6, 2, 1]))).toBeNull();
  });
});

describe('SolverClient with a worker', () => {
  it('sends plain requests, keeps one question in the worker at a time, and terminates it on dispose', async () => {
    const worker = new FakeWorker();
    const solver = client({ createWorker: () => worker });
    expect(solver.usesWorker).toBe(true);
    const a = solver.advise(thrown([6, 6, 6, 2, 1]));
    const b = solver.advise(thrown([1, 2, 3, 4, 4]));
    const c = solver.advise(thrown([5, 5, 2, 2, 1]));
    expect(worker.asked).toHaveLength(1); // b and c wait; b is replaced by c
    expect(await b).toBeNull();
    expect(await a).toBeNull();
    expect((await c)!.dice).toEqual([5, 5, 2, 2, 1]);
    expect(worker.asked.map((r) => (r.kind === 'advice' ? r.query.dice.join('') : r.kind))).toEqual([
      '66621',
      '55221',
    ]);
    expect((await solver.table('seed')).values).toEqual(table.values);
    solver.dispose();
    expect(worker.terminated).toBe(true);
  });

  it('falls back to the main thread when the worker fails, answering what was asked', async () => {
    const worker = new FakeWorker();
    worker.postMessage = (message) => void worker.asked.push(message); // never answers
    const solver = client({ createWorker: () => worker });
    const advice = solver.advise(thrown([6, 6, 6, 2, 1]));
    const review = solver.review(thrown([2, 2, 2, 2, 2]));
    worker.onError!(new Event('error'));
    expect(solver.usesWorker).toBe(false);
    expect(worker.terminated).toBe(true);
    expect((await advice)!.best).toEqual({ type: 'hold', held: [true, true, true, false, false] });
    expect((await review).players).toHaveLength(1);
  });
});
