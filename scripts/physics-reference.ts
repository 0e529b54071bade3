// Prints the physics fingerprint of src/online/physics-reference.ts as this Node makes it: the value of
// REFERENCE there, made again when the physics is changed on purpose.
import { physicsFingerprint } from '../src/online/physics-reference.js';
import { DiceWorld } from '../src/physics/DiceWorld.js';

console.log(physicsFingerprint(new DiceWorld()));
