/**
 * What a room sends for one change of its table, to whom, in what order: a throw's 'thrown' first (to
 * everyone), then 'welcome' to each client that joined or came back, was let in, or whose seat number
 * changed, then the action of the game ('acted') or the whole view (to everyone else), then 'left', a
 * move link to the one who asked for it, and last a 'refused' to each connection let go (its seat opened elsewhere, its ask refused). Pure: the
 * room sends the plan (DiceRoom.commit).
 */
import type { RefusalCode, RoomView, ServerMessages } from '../../src/online/protocol.js';
import { encodeTrajectory } from '../../src/physics/trajectory.js';
import type { Change } from '../../src/table/index.js';

/** The messages of one change. `C` is a connection (a Colyseus client). */
export interface Fanout<C> {
  thrown: ServerMessages['thrown'] | null;
  welcomes: { client: C; message: ServerMessages['welcome'] }[];
  acted: ServerMessages['acted'] | null;
  /** The whole view, to everyone but `skip` (those welcomed have it, those let go need none); null: none. */
  view: RoomView | null;
  skip: C[];
  left: ServerMessages['left'] | null;
  /** A move link, to the one who asked for it alone. */
  moveLink: { client: C; message: ServerMessages['move-link'] } | null;
  letGo: { client: C; code: RefusalCode; message: string }[];
}

/** The messages of `change`, the table's view after it being `view`. */
export function fanout<C>(
  change: Change,
  view: RoomView,
  client: (sessionId: string) => C | undefined,
  seatOf: (client: C) => number,
): Fanout<C> {
  const welcomes: Fanout<C>['welcomes'] = [];
  const welcomeTo = (to: C | undefined, extra: Partial<ServerMessages['welcome']> = {}): void => {
    if (to === undefined || welcomes.some((w) => w.client === to)) return;
    welcomes.push({ client: to, message: { seat: seatOf(to), view, ...extra } });
  };
  if (change.welcome) {
    const { holder, key, claiming } = change.welcome;
    welcomeTo(client(holder), { ...(key ? { key } : {}), ...(claiming !== undefined ? { claiming } : {}) });
  }
  if (change.admitted) welcomeTo(client(change.admitted.holder), { key: change.admitted.key });
  for (const sessionId of change.moved ?? []) welcomeTo(client(sessionId));
  const letGo: Fanout<C>['letGo'] = [];
  const displaced = change.displaced ? client(change.displaced) : undefined;
  if (displaced !== undefined)
    letGo.push({ client: displaced, code: 'moved-elsewhere', message: 'Your seat was opened elsewhere' });
  const letGoAll = (sessionIds: string[] | undefined, code: RefusalCode, message: string): void => {
    for (const sessionId of sessionIds ?? []) {
      const to = client(sessionId);
      if (to !== undefined) letGo.push({ client: to, code, message });
    }
  };
  letGoAll(change.claimRefused, 'claim-refused', 'You were not let in to that seat');
  letGoAll(change.claimLapsed, 'claim-lapsed', 'No one answered your ask for that seat in time');
  letGoAll(change.removed ? [change.removed] : [], 'removed', 'The host removed you from the table');
  const asker = change.moveLink ? client(change.moveLink.holder) : undefined;
  const acted = change.acted ? { ...change.acted, version: view.version, clock: view.clock } : null;
  return {
    thrown: change.thrown ? wireThrow(change.thrown) : null,
    welcomes,
    acted,
    // An action of the game goes as itself; the whole view only when the room changed, or the game ended (its proof).
    view: !acted || view.phase === 'over' ? view : null,
    skip: [...welcomes.map((w) => w.client), ...letGo.map((l) => l.client)],
    left: change.left ? { ...change.left, host: view.host } : null,
    moveLink:
      asker !== undefined && change.moveLink
        ? { client: asker, message: { key: change.moveLink.key, until: change.moveLink.until } }
        : null,
    letGo,
  };
}

/** A throw as the wire carries it (the server's throwers encode its recording already: createThrower). */
export function wireThrow({
  seconds: _seconds,
  trajectory,
  ...thrown
}: NonNullable<Change['thrown']>): ServerMessages['thrown'] {
  return {
    ...thrown,
    trajectory: typeof trajectory === 'string' ? trajectory : encodeTrajectory(trajectory),
  };
}
