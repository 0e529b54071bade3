/** The links an online room is shared by: the page's own address with the room's id. */

/** The page's address with `?room=ID`: what a friend opens to join. */
export function inviteUrl(roomId: string, from?: string): string {
  const url = new URL(location.href);
  url.hash = '';
  url.search = '';
  url.searchParams.set('room', roomId);
  // Who invites, for the join panel to say (only words shown: the room itself says who its host is).
  if (from) url.searchParams.set('from', from);
  return url.href;
}

/** The page's address with `?watch=ID`: what anyone opens to watch the game, with no seat. */
export function watchUrl(roomId: string): string {
  const url = new URL(location.href);
  url.hash = '';
  url.search = '';
  url.searchParams.set('watch', roomId);
  return url.href;
}

/**
 * The page's address with `?room=ID#move=KEY`: what this person opens on another device to play their
 * seat there (a move link: good once). The key rides in the fragment, which no browser sends to a server
 * nor in a Referer.
 */
export function moveUrl(roomId: string, key: string): string {
  const url = new URL(inviteUrl(roomId));
  url.hash = new URLSearchParams({ move: key }).toString();
  return url.href;
}

/**
 * The key of a move link in the page's address (`#move=KEY`), if any: taken out of the address at once
 * (so that a reload, a bookmark or a shared screen does not keep it).
 */
export function takeMoveKey(): string | null {
  const url = new URL(location.href);
  const key = new URLSearchParams(url.hash.slice(1)).get('move');
  if (key === null) return null;
  url.hash = '';
  history.replaceState(history.state, '', url.href);
  return key;
}
