import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers.js';

test('two elements on one page play independently, and a removed one frees its WebGL context', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const outcome = await page.evaluate(async () => {
    document.body.innerHTML = `
      <dice-poker id="a" players="Ann" seed="1" lang="en" style="height: 340px"></dice-poker>
      <dice-poker id="b" players="Bob, Cid" seed="2" lang="et" style="height: 340px"></dice-poker>`;
    const a = document.getElementById('a') as HTMLElementTagNameMap['dice-poker'];
    const b = document.getElementById('b') as HTMLElementTagNameMap['dice-poker'];
    await Promise.all([a.updateComplete, b.updateComplete]);
    const bBefore = JSON.stringify(b.state);
    await a.roll();
    a.toggleHold(2);
    const bUntouched = JSON.stringify(b.state) === bBefore;
    await b.roll();
    const canvas = a.shadowRoot!.querySelector('canvas')!;
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
    const lostBefore = gl.isContextLost();
    a.remove();
    return {
      bUntouched,
      aRolls: a.state.rollsUsed,
      bRolls: b.state.rollsUsed,
      bPlayers: b.state.players.map((p) => p.name),
      lostBefore,
      lostAfter: gl.isContextLost(),
      canvasGone: !canvas.isConnected || !a.shadowRoot!.contains(canvas),
    };
  });
  expect(outcome).toEqual({
    bUntouched: true,
    aRolls: 1,
    bRolls: 1,
    bPlayers: ['Bob', 'Cid'],
    lostBefore: false,
    lostAfter: true,
    canvasGone: true,
  });
  expect(errors).toEqual([]);
});
