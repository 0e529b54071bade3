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
