import { describe, expect, it } from 'vitest';
import { readLang, writeLang } from './lang-setting.js';
import { MemoryStorage } from './MemoryStorage.js';

describe('the language picked', () => {
  it('is remembered per storage key, and nothing else is taken for one', () => {
    const storage = new MemoryStorage();
    expect(readLang(storage, 'default')).toBeNull();
    expect(writeLang(storage, 'et', 'default').ok).toBe(true);
    expect(readLang(storage, 'default')).toBe('et');
    expect(readLang(storage, 'other')).toBeNull();
    storage.setItem('dice-poker:other:lang', 'fr');
    expect(readLang(storage, 'other')).toBeNull();
    expect(readLang(null, 'default')).toBeNull();
  });
});
