/**
 * Whether this JavaScript engine's physics comes out as the server's does: a few fixed throws, made
 * here, compared with what Node made of them (REFERENCE). cannon-es is plain floating-point arithmetic,
 * bit for bit the same wherever Math.sin, Math.cos, Math.atan2... round the same; an engine that rounds
 * one of them differently in its last bit may still agree here, and if it does not, a game's rest
 * cannot be checked in it (verify.ts says so rather than calling the game tampered).
 */
import type { DiceWorld } from '../physics/DiceWorld.js';
import { recordThrow } from '../physics/trajectory.js';

/** The reference throws: dice as they lie, held dice, seed, gesture. */
const THROWS: {
  dice: number[];
  held: boolean[];
  seed: number;
  gesture: { dirX: number; dirZ: number; speed: number };
}[] = [
  {
    dice: [1, 2, 3, 4, 5],
    held: [false, false, false, false, false],
    seed: 0x9e3779b9,
    gesture: { dirX: 0.2, dirZ: -1, speed: 12 },
  },
  {
    dice: [6, 6, 2, 3, 1],
    held: [true, true, false, false, false],
    seed: 123456789,
    gesture: { dirX: -0.6, dirZ: -0.7, speed: 17 },
  },
  {
    dice: [4, 4, 4, 1, 2],
    held: [true, true, true, false, false],
    seed: 4000000000,
    gesture: { dirX: 0, dirZ: -1, speed: 5 },
  },
];

/**
 * What Node's physics makes of THROWS (`physicsFingerprint` there): each throw's faces, frames to rest and
 * the dice's resting poses to 1e-6. Made again with `npx tsx scripts/physics-reference.ts`.
 */
export const REFERENCE =
  '11551/31/-3036208,498836,-1713864,23,907618,1,419798,-464364,496778,-2305703,848,-399489,-1249,916737,719579,493957,-1262037,384385,-383661,-594804,592673,2652120,493223,-1181935,422808,-423268,-565875,567330,4147758,496724,-93890,703,992409,-130,-122978;' +
  '66245/30/-4000000,500000,5300000,0,0,1000000,0,-2000000,500000,5300000,0,0,1000000,0,-5393913,498192,-365768,85250,85718,-701593,-702248,-3789639,498887,-2718856,624023,-332306,332773,624043,-2026240,496290,-1885217,647042,-647141,-285058,285110;' +
  '44434/21/-4000000,500000,5300000,707107,0,0,707107,-2000000,500000,5300000,707107,0,0,707107,0,500000,5300000,707107,0,0,707107,-1014052,496929,2043007,-66758,703535,704484,65450,1588431,497359,1598864,-637618,-305679,305072,-637914';

/** The reference throws made in `world`, as text to compare. */
export function physicsFingerprint(world: DiceWorld): string {
  return THROWS.map(({ dice, held, seed, gesture }) => {
    world.place(dice, held);
    const { result, trajectory } = recordThrow(world, seed, gesture, held);
    const last = trajectory.poses.subarray((trajectory.frames - 1) * trajectory.dice * 7);
    const positions = Array.from(last, (n) => Math.round(n * 1e6)).join(',');
    return `${result.faces.join('')}/${trajectory.frames}/${positions}`;
  }).join(';');
}

/** Whether the physics here comes out as the server's (see the file's comment). */
export function physicsReproducible(world: DiceWorld): boolean {
  return physicsFingerprint(world) === REFERENCE;
}
