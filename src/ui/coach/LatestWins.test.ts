import { describe, expect, it } from 'vitest';
import { LatestWins } from './LatestWins.js';

/** Questions answered when the test says so, in order. */
function answerer() {
  const asked: string[] = [];
  const open: { resolve: (a: string) => void; reject: (e: Error) => void }[] = [];
  const latest = new LatestWins<string, string>(
    (q) =>
      new Promise((resolve, reject) => {
        asked.push(q);
        open.push({ resolve, reject });
      }),
  );
  const answerNext = async (a: string) => {
    open.shift()!.resolve(a);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { latest, asked, open, answerNext };
}

describe('LatestWins', () => {
  it('answers one question at a time; one that waits is replaced by a newer (and resolves null)', async () => {
    const { latest, asked, answerNext } = answerer();
    const a = latest.ask('a', 'a');
    const b = latest.ask('b', 'b');
    const c = latest.ask('c', 'c');
    expect(asked).toEqual(['a']);
    await answerNext('A');
    // a was overtaken by a newer question: its answer is dropped, not shown late.
    expect(await a).toBeNull();
    expect(await b).toBeNull();
    expect(asked).toEqual(['a', 'c']);
    await answerNext('C');
    expect(await c).toBe('C');
  });

  it('shares the answer of a question asked again while it is answered', async () => {
    const { latest, asked, answerNext } = answerer();
    const first = latest.ask('a', 'a');
    const again = latest.ask('a', 'a');
    await answerNext('A');
    expect([await first, await again]).toEqual(['A', 'A']);
    expect(asked).toEqual(['a']);
  });

  it('passes a failure on to the latest question, and resolves everyone null once stopped', async () => {
    const { latest, open } = answerer();
    const a = latest.ask('a', 'a');
    open.shift()!.reject(new Error('refused'));
    await expect(a).rejects.toThrow('refused');
    const b = latest.ask('b', 'b');
    const c = latest.ask('c', 'c');
    latest.stop();
    expect([await b, await c]).toEqual([null, null]);
    expect(await latest.ask('d', 'd')).toBeNull();
    expect(await latest.ask('', null)).toBeNull();
  });
});
