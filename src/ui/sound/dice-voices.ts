import type { ScoreNote } from './score-notes.js';

/** Lowest gain an exponential ramp may reach (it cannot reach 0): about -80 dB, silence. */
const SILENT = 0.0001;
/** Seconds of noise the clatter reads from; each knock starts at a random place in it. */
const NOISE_SECONDS = 0.5;

/** A random number in [1 - spread, 1 + spread), so no two knocks sound alike. */
function jitter(random: () => number, spread: number): number {
  return 1 + (random() * 2 - 1) * spread;
}

/** A fast attack to `peak`, then an exponential fade to silence after `decay` seconds. */
function envelope(param: AudioParam, start: number, peak: number, attack: number, decay: number): void {
  param.setValueAtTime(SILENT, start);
  param.exponentialRampToValueAtTime(Math.max(peak, SILENT * 2), start + attack);
  param.exponentialRampToValueAtTime(SILENT, start + attack + decay);
}

/** A mono buffer of white noise, made once and shared by every knock (no sound file to load). */
export function makeNoise(context: BaseAudioContext, random: () => number): AudioBuffer {
  const buffer = context.createBuffer(1, Math.round(context.sampleRate * NOISE_SECONDS), context.sampleRate);
  const samples = buffer.getChannelData(0);
  for (let i = 0; i < samples.length; i++) samples[i] = random() * 2 - 1;
  return buffer;
}

/** Input level the master soft clipper takes before it clips hard (about 10 knocks landing together). */
const HEADROOM = 4;

/**
 * The master chain: the volume, then a tanh soft clipper, so that knocks piling up saturate gently
 * instead of clipping. Not a DynamicsCompressorNode: Chrome's (6 ms look-ahead) squashes a lone
 * 2 ms knock to a sixth of its level, measured with an OfflineAudioContext.
 */
export function makeOutput(context: BaseAudioContext, volume: number): GainNode {
  const master = context.createGain();
  // The shaper reads its input in -1..1, so scale the signal into that range and back in the curve.
  master.gain.value = volume / HEADROOM;
  const clipper = context.createWaveShaper();
  const curve = new Float32Array(1025);
  for (let i = 0; i < curve.length; i++) curve[i] = Math.tanh(HEADROOM * ((i / (curve.length - 1)) * 2 - 1));
  clipper.curve = curve;
  master.connect(clipper).connect(context.destination);
  return master;
}

/**
 * One knock of a die: a burst of band-passed noise (the click of the hard edge) over a short sine
 * whose pitch drops (the hollow body of the die and the table). `strength` (0..1) brightens both, as
 * a harder hit excites higher modes; everything is varied a little at random. Nodes disconnect
 * themselves once the knock is over.
 */
export function playKnock(
  context: BaseAudioContext,
  output: AudioNode,
  noise: AudioBuffer,
  gain: number,
  strength: number,
  random: () => number,
): void {
  const start = context.currentTime;

  const click = context.createBufferSource();
  click.buffer = noise;
  click.playbackRate.value = jitter(random, 0.15);
  const band = context.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = (1800 + 3000 * strength) * jitter(random, 0.2);
  band.Q.value = 1.2 * jitter(random, 0.3);
  const clickLevel = context.createGain();
  envelope(clickLevel.gain, start, gain, 0.001, 0.02 + 0.02 * random());
  click.connect(band).connect(clickLevel).connect(output);

  const body = context.createOscillator();
  body.type = 'sine';
  const pitch = (320 + 260 * strength) * jitter(random, 0.2);
  body.frequency.setValueAtTime(pitch, start);
  body.frequency.exponentialRampToValueAtTime(pitch * 0.6, start + 0.06);
  const bodyLevel = context.createGain();
  envelope(bodyLevel.gain, start, gain * 0.45, 0.002, 0.04 + 0.03 * random());
  body.connect(bodyLevel).connect(output);

  click.start(start, random() * (noise.duration - 0.1), 0.1);
  body.start(start);
  body.stop(start + 0.12);
  body.onended = () => {
    click.disconnect();
    band.disconnect();
    clickLevel.disconnect();
    body.disconnect();
    bodyLevel.disconnect();
  };
}

/** One soft note, with a gentle attack so it never clicks. */
export function playNote(context: BaseAudioContext, output: AudioNode, note: ScoreNote): void {
  const start = context.currentTime + note.delay;
  const tone = context.createOscillator();
  tone.type = note.type;
  tone.frequency.value = note.frequency;
  const level = context.createGain();
  envelope(level.gain, start, note.gain, 0.015, note.duration);
  tone.connect(level).connect(output);
  tone.start(start);
  tone.stop(start + 0.015 + note.duration + 0.05);
  tone.onended = () => {
    tone.disconnect();
    level.disconnect();
  };
}
