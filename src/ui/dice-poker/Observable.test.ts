import { describe, expect, it } from 'vitest';
import { Observable, redrawOn } from './Observable.js';

/** A part with one thing to show. */
class Counter extends Observable {
  count = 0;
  add(): void {
    this.count++;
    this.changed();
  }
}

describe('Observable', () => {
  it('tells each listener of each change until it stops listening', () => {
    const counter = new Counter();
    const heard: number[] = [];
    const stop = counter.subscribe(() => heard.push(counter.count));
    counter.add();
    counter.add();
    stop();
    counter.add();
    expect(heard).toEqual([1, 2]);
  });

  it('redrawOn: a change of any part asks the host for a render', () => {
    const a = new Counter();
    const b = new Counter();
    let renders = 0;
    redrawOn(
      {
        addController() {},
        removeController() {},
        requestUpdate: () => renders++,
        updateComplete: Promise.resolve(true),
      },
      a,
      b,
    );
    a.add();
    b.add();
    expect(renders).toBe(2);
  });
});
