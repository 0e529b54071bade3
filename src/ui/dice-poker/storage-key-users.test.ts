import { describe, expect, it } from 'vitest';
import { claimStorageKey, releaseStorageKey } from './storage-key-users.js';

describe('storage keys in use on the page', () => {
  it('tells a second element on the same key, and forgets an element that left', () => {
    const a = {};
    const b = {};
    expect(claimStorageKey(a, 'k')).toBe(false);
    expect(claimStorageKey(a, 'k')).toBe(false); // the same element again
    expect(claimStorageKey(b, 'k')).toBe(true);
    expect(claimStorageKey(b, 'other')).toBe(false);
    releaseStorageKey(a, 'k');
    releaseStorageKey(b, 'k');
    expect(claimStorageKey(b, 'k')).toBe(false);
    releaseStorageKey(b, 'k');
    releaseStorageKey(b, 'other');
  });
});
