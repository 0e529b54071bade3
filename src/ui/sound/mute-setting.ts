import { tryRead, tryWrite, type StorageLike, type StorageResult } from '../persistence/browser-storage.js';

/** Where the mute switch is remembered: one setting for the whole origin, like a device's volume. */
export const MUTED_KEY = 'dice-poker:muted';

/** Whether sound was switched off last time; false when nothing (or nothing readable) is stored. */
export function readMuted(storage: StorageLike | null, key = MUTED_KEY): boolean {
  return tryRead(storage, key) === '1';
}

/** Remembers the mute switch; a storage that refuses is reported, and the switch still works this visit. */
export function writeMuted(storage: StorageLike | null, muted: boolean, key = MUTED_KEY): StorageResult {
  return tryWrite(storage, (s) => s.setItem(key, muted ? '1' : '0'));
}
