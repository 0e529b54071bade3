// @vitest-environment happy-dom
import type { ReactiveController } from 'lit';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComputerPolicy } from '../../table/index.js';
import { ChangeAnnouncer } from './ChangeAnnouncer.js';
import { redrawOn } from './Observable.js';
import { Overlay } from './Overlay.js';
import { SaveSlot } from './SaveSlot.js';
import { SessionController, type PlayChange } from './SessionController.js';
import { Toast } from './Toast.js';

/** The element as its parts see it: its public properties, its controllers, and how often it was asked to draw. */
class TestHost extends HTMLElement {
  readonly controllers: ReactiveController[] = [];
  draws = 0;
  hasUpdated = true;
  server: string | null = null;
  storageKey = 'session-controller-test';
  language = 'en' as const;
  reducedMotion = true;
  readonly renderRoot: ParentNode = this;
  readonly updateComplete = Promise.resolve(true);
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.draws++;
  }
}
customElements.define('session-controller-test-host', TestHost);

/** No computers sit at these tables. */
const NO_COMPUTERS: ComputerPolicy = {
  next: () => Promise.reject(new Error('no computers here')),
};

/** The element's parts that follow the session, put together as the element does (without a table). */
function parts() {
  const host = new TestHost();
  const sessions = new SessionController(host, NO_COMPUTERS, () => Promise.resolve());
  const overlay = new Overlay(host, sessions);
  const announcer = new ChangeAnnouncer(host, sessions);
  const toast = new Toast(host, sessions);
  const saves = new SaveSlot(
    host,
    sessions,
    () => Promise.resolve(null),
    () => {},
  );
  saves.open(host.storageKey);
  redrawOn(host, sessions, overlay, toast, saves);
  return { host, sessions, overlay, announcer, toast, saves };
}

afterEach(() => localStorage.clear());

describe('SessionController: the one session the parts follow', () => {
  it('asks for a render before its followers hear a change (focus waits for that render)', () => {
    const { host, sessions } = parts();
    const seen: { type: PlayChange['type']; draws: number }[] = [];
    sessions.follow((change) => seen.push({ type: change.type, draws: host.draws }));
    const before = host.draws;
    sessions.session.start({ players: ['Mari'], seed: 7 });
    expect(seen[0]!.type).toBe('started');
    expect(seen[0]!.draws).toBeGreaterThan(before);
  });

  it('a started game closes the new-game panel, is announced, and is saved', () => {
    const { host, sessions, overlay, announcer, saves } = parts();
    overlay.setUp(true);
    expect(sessions.covered).toBe(true);
    const turns: unknown[] = [];
    host.addEventListener('dp-turn', (e) => turns.push((e as CustomEvent).detail));
    sessions.session.start({ players: ['Mari', 'Jüri'], seed: 7 });
    expect(overlay.settingUp).toBe(false);
    expect(sessions.personMayAct).toBe(true);
    expect(turns).toEqual([{ player: 0, turn: 0 }]);
    expect(announcer.announcement).toContain('Mari');
    const saved = saves.load();
    expect(saved.ok && saved.game.players.map((p) => p.name)).toEqual(['Mari', 'Jüri']);
  });

  it('the new-game panel over the table stops the person here from acting', () => {
    const { sessions, overlay } = parts();
    sessions.session.start({ players: ['Mari'], seed: 7 });
    overlay.setUp(true);
    expect(sessions.personMayAct).toBe(false);
    overlay.setUp(false);
    expect(sessions.personMayAct).toBe(true);
  });

  it('a refused request is shown in the player’s words, and the element draws it', async () => {
    const { host, sessions, toast } = parts();
    sessions.session.start({ players: ['Mari'], seed: 7 });
    const draws = host.draws;
    const refusal = await sessions.session.toggleHold(0).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'no-roll-yet' });
    toast.refused(refusal);
    expect(toast.text).toBe('Throw the dice first.');
    expect(host.draws).toBeGreaterThan(draws);
  });

  it('a language picked in the overlay is kept under the key and with the game', () => {
    const { sessions, saves } = parts();
    sessions.session.start({ players: ['Mari'], seed: 7 });
    saves.pickLang('et');
    const saved = saves.load();
    expect(saved.ok && saved.lang).toBe('et');
  });
});
