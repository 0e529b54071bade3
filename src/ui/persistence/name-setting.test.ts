import { describe, expect, it } from 'vitest';
import { readName, writeName } from './name-setting.js';
import { MemoryStorage } from './MemoryStorage.js';

describe('the name last played under', () => {
  it('is remembered per storage key, and only a player’s name is taken for one', () => {
    const storage = new MemoryStorage();
    expect(readName(storage, 'default')).toBeNull();
    expect(writeName(storage, 'Kristjan-Mihkel', 'default').ok).toBe(true);
    expect(readName(storage, 'default')).toBe('Kristjan-Mihkel');
    expect(readName(storage, 'other')).toBeNull();
    storage.setItem('dice-poker:other:name', '   ');
    expect(readName(storage, 'other')).toBeNull();
    storage.setItem('dice-poker:other:name', 'x'.repeat(200));
    expect(readName(storage, 'other')).toBeNull();
    expect(readName(null, 'default')).toBeNull();
  });
});
