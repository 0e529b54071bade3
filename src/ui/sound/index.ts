/** The table's sounds, synthesised with Web Audio. */
export { DiceSounds, browserAudioContext, type DiceSoundsOptions } from './DiceSounds.js';
export { DEFAULT_IMPACT_GAIN, impactGain, impactStrength, type ImpactGainOptions } from './impact-gain.js';
export { VoiceLimiter } from './VoiceLimiter.js';
export { BIG_SCORE, scoreNotes, type ScoreNote } from './score-notes.js';
export { MUTED_KEY, readMuted, writeMuted } from './mute-setting.js';
