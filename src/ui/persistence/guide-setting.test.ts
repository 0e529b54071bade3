import { describe, expect, it } from 'vitest';
import { readGuideSeen, writeGuideSeen } from './guide-setting.js';
import { MemoryStorage } from './MemoryStorage.js';

describe('the guide shown', () => {
  it('is remembered per storage key; nothing stored (or no storage) is a first visit', () => {
    const storage = new MemoryStorage();
    expect(readGuideSeen(storage, 'default')).toBe(false);
    expect(writeGuideSeen(storage, 'default').ok).toBe(true);
    expect(readGuideSeen(storage, 'default')).toBe(true);
    expect(storage.getItem('dice-poker:default:guide')).toBe('seen');
    expect(readGuideSeen(storage, 'other')).toBe(false);
    storage.setItem('dice-poker:other:guide', 'maybe');
    expect(readGuideSeen(storage, 'other')).toBe(false);
    expect(readGuideSeen(null, 'default')).toBe(false);
    expect(writeGuideSeen(null, 'default').ok).toBe(false);
  });
});
