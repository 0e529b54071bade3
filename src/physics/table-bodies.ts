import * as CANNON from 'cannon-es';
import type { DiceWorldOptions } from './dice-world-options.js';
import { TABLE } from './types.js';

/** The static parts of the table and the material the dice must use to get the table's contacts. */
export interface TableBodies {
  /** The felt: an infinite plane at y = 0 (the ledge is level with it), using the world's default contact material. */
  floor: CANNON.Body;
  /** The four walls around the play area: far (-Z), near (+Z), left (-X), right (+X). */
  walls: CANNON.Body[];
  /** Material to give every die. */
  diceMaterial: CANNON.Material;
}

/**
 * Adds the felt, the four walls of TABLE and the contact materials between them and the dice. The
 * walls are real boxes of TABLE.wallHeight, so a die thrown hard enough can fly over one (and is then
 * thrown again by the settle rules) just as at a real table.
 */
export function addTableBodies(world: CANNON.World, options: Readonly<DiceWorldOptions>): TableBodies {
  const diceMaterial = new CANNON.Material('die');
  const wallMaterial = new CANNON.Material('wall');
  // Die on felt is by far the most common contact, so it is the world's default contact material and
  // the felt has no material: cannon-es then skips its string-keyed material lookup for it.
  world.defaultContactMaterial.friction = options.feltFriction;
  world.defaultContactMaterial.restitution = options.feltRestitution;
  world.addContactMaterial(
    new CANNON.ContactMaterial(diceMaterial, wallMaterial, {
      friction: options.wallFriction,
      restitution: options.wallRestitution,
    }),
  );
  world.addContactMaterial(
    new CANNON.ContactMaterial(diceMaterial, diceMaterial, {
      friction: options.diceFriction,
      restitution: options.diceRestitution,
    }),
  );

  const floor = new CANNON.Body({ type: CANNON.Body.STATIC });
  floor.addShape(new CANNON.Plane());
  floor.quaternion.setFromEuler(-Math.PI / 2, 0, 0); // the plane's normal is +Z; turn it to +Y
  world.addBody(floor);

  const { width, depth, wallHeight, wallThickness: t } = TABLE;
  const walls: CANNON.Body[] = [];
  const addWall = (x: number, z: number, halfX: number, halfZ: number): void => {
    const wall = new CANNON.Body({
      type: CANNON.Body.STATIC,
      material: wallMaterial,
      position: new CANNON.Vec3(x, wallHeight / 2, z),
      shape: new CANNON.Box(new CANNON.Vec3(halfX, wallHeight / 2, halfZ)),
    });
    world.addBody(wall);
    walls.push(wall);
  };
  addWall(0, -(depth + t) / 2, width / 2 + t, t / 2);
  addWall(0, (depth + t) / 2, width / 2 + t, t / 2);
  addWall(-(width + t) / 2, 0, t / 2, depth / 2);
  addWall((width + t) / 2, 0, t / 2, depth / 2);
  return { floor, walls, diceMaterial };
}
