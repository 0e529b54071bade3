/**
 * What a room sends for one change of its table, to whom, in what order: a throw's 'thrown' first (to
 * everyone), then 'welcome' to each client that joined or came back, was let in, or whose seat number
 * changed, then the action of the game ('acted') or the whole view (to everyone else), then 'left', a
 * move link to the one who asked for it, and last a 'refused' to each connection let go (its seat
 * opened elsewhere, its ask refused or lapsed, removed). Pure: the room sends the plan (RoomSender.change).
 */
import type { RefusalCode, RoomView, ServerMessages } from '../../src/online/protocol.js';
import { encodeTrajectory } from '../../src/physics/trajectory.js';
import type { Change } from '../../src/table/index.js';

/** One message of a change: to `to` alone, or to everyone but `except`. `C` is a connection (a Colyseus client). */
export type Outgoing<C> = {
  [K in keyof ServerMessages]: { type: K; message: ServerMessages[K]; to?: C; except?: C[] };
}[keyof ServerMessages];

/** The messages of one change, in order, and the connections to close after them (CLOSE_LET_GO). */
export interface Fanout<C> {
  messages: Outgoing<C>[];
  letGo: C[];
}

/** The messages of `change`, the table's view after it being `view`. */
export function fanout<C>(
  change: Change,
  view: RoomView,
  client: (sessionId: string) => C | undefined,
  seatOf: (client: C) => number,
): Fanout<C> {
  const messages: Outgoing<C>[] = [];
  if (change.thrown) messages.push({ type: 'thrown', message: wireThrow(change.thrown) });
  const welcomed: C[] = [];
  const welcomeTo = (to: C | undefined, extra: Partial<ServerMessages['welcome']> = {}): void => {
    if (to === undefined || welcomed.includes(to)) return;
    welcomed.push(to);
    messages.push({ to, type: 'welcome', message: { seat: seatOf(to), view, ...extra } });
  };
  if (change.welcome) {
    const { holder, key, claiming } = change.welcome;
    welcomeTo(client(holder), { ...(key ? { key } : {}), ...(claiming !== undefined ? { claiming } : {}) });
  }
  if (change.admitted) welcomeTo(client(change.admitted.holder), { key: change.admitted.key });
  for (const sessionId of change.moved ?? []) welcomeTo(client(sessionId));
  const refusals: Outgoing<C>[] = [];
  const letGo: C[] = [];
  const letGoAll = (
    sessionIds: (string | undefined)[] | undefined,
    code: RefusalCode,
    text: string,
  ): void => {
    for (const sessionId of sessionIds ?? []) {
      const to = sessionId === undefined ? undefined : client(sessionId);
      if (to === undefined) continue;
      letGo.push(to);
      refusals.push({ to, type: 'refused', message: { code, message: text } });
    }
  };
  letGoAll([change.displaced], 'moved-elsewhere', 'Your seat was opened elsewhere');
  letGoAll(change.claimRefused, 'claim-refused', 'You were not let in to that seat');
  letGoAll(change.claimLapsed, 'claim-lapsed', 'No one answered your ask for that seat in time');
  letGoAll([change.removed], 'removed', 'The host removed you from the table');
  if (change.acted) {
    const acted = { ...change.acted, version: view.version, clock: view.clock };
    messages.push({ type: 'acted', message: acted });
  }
  // An action of the game goes as itself; the whole view only when the room changed, or the game ended (its proof).
  if (!change.acted || view.phase === 'over')
    messages.push({ type: 'view', message: view, except: [...welcomed, ...letGo] });
  if (change.left) messages.push({ type: 'left', message: { ...change.left, host: view.host } });
  const asker = change.moveLink ? client(change.moveLink.holder) : undefined;
  if (asker !== undefined && change.moveLink) {
    const { key, until } = change.moveLink;
    messages.push({ to: asker, type: 'move-link', message: { key, until } });
  }
  return { messages: [...messages, ...refusals], letGo };
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
