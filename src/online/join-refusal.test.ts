import { describe, expect, it } from 'vitest';
import { JOIN_REFUSED_STATUS, joinRefusal, joinRefusalText } from './join-refusal.js';

/** What @colyseus/sdk throws: an Error with a numeric code. */
function sdkError(code: number | undefined, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('join refusals', () => {
  it('reads the room’s code back from the text it sent', () => {
    const text = joinRefusalText('room-full', 'A table has 6 seats');
    expect(text).toBe('room-full: A table has 6 seats');
    expect(joinRefusal(sdkError(JOIN_REFUSED_STATUS, text))).toEqual({
      code: 'room-full',
      message: 'A table has 6 seats',
    });
  });

  it("names Colyseus's own refusals and network failures", () => {
    expect(joinRefusal(sdkError(522, 'room "abcd1234" not found'), 'abcd1234').code).toBe('room-not-found');
    // What the matchmaking route answers for a well-formed id it has never had.
    expect(joinRefusal(sdkError(404, 'Not Found'), 'abcd1234').code).toBe('room-not-found');
    expect(joinRefusal(sdkError(522, 'room "x y" not found'), 'x y').code).toBe('bad-room-id');
    expect(joinRefusal(sdkError(522, 'room "abcd1234" is locked')).code).toBe('room-full');
    expect(joinRefusal(new TypeError('fetch failed')).code).toBe('server-unavailable');
    expect(joinRefusal(sdkError(1006, 'room-full: looks coded but is not ours')).code).toBe(
      'server-unavailable',
    );
    expect(joinRefusal(undefined).code).toBe('server-unavailable');
  });
});
