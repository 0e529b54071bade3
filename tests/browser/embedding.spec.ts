import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers.js';

test('two elements on one page play and resume independently, and a removed one frees its WebGL context', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const outcome = await page.evaluate(async () => {
    // Heights set through the CSSOM: the page's CSP forbids style attributes in markup.
    document.body.innerHTML = `
      <dice-poker id="a" storage-key="embed-a" players="Ann" seed="1" lang="en"></dice-poker>
      <dice-poker id="b" storage-key="embed-b" players="Bob, Cid" seed="2" lang="et"></dice-poker>`;
    const a = document.getElementById('a') as HTMLElementTagNameMap['dice-poker'];
    const b = document.getElementById('b') as HTMLElementTagNameMap['dice-poker'];
    a.style.height = b.style.height = '340px';
    await Promise.all([a.updateComplete, b.updateComplete]);
    const bBefore = JSON.stringify(b.state);
    await a.roll();
    a.toggleHold(2);
    const bUntouched = JSON.stringify(b.state) === bBefore;
    await b.roll();
    await Promise.all([a.updateComplete, b.updateComplete]); // both saved
    const saved = { a: a.state, b: b.state };
    const canvas = a.shadowRoot!.querySelector('canvas')!;
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
    const lostBefore = gl.isContextLost();
    a.remove();
    return {
      saved,
      bUntouched,
      aRolls: a.state.rollsUsed,
      bRolls: b.state.rollsUsed,
      bPlayers: b.state.players.map((p) => p.name),
      lostBefore,
      lostAfter: gl.isContextLost(),
      canvasGone: !canvas.isConnected || !a.shadowRoot!.contains(canvas),
    };
  });
  const { saved, ...rest } = outcome;
  expect(rest).toEqual({
    bUntouched: true,
    aRolls: 1,
    bRolls: 1,
    bPlayers: ['Bob', 'Cid'],
    lostBefore: false,
    lostAfter: true,
    canvasGone: true,
  });
  expect(saved.a).not.toEqual(saved.b);

  // After the page is loaded again, each element (no players in its markup, so it resumes) finds its
  // own game under its own storage key: they did not overwrite each other's save. Loaded afresh by way
  // of a blank page: `page.reload()` takes 4-5 s here, this way under 2 s.
  await page.goto('about:blank');
  await page.goto('/');
  const resumed = await page.evaluate(async () => {
    document.body.innerHTML = `
      <dice-poker id="a" storage-key="embed-a" lang="en"></dice-poker>
      <dice-poker id="b" storage-key="embed-b" lang="et"></dice-poker>`;
    const a = document.getElementById('a') as HTMLElementTagNameMap['dice-poker'];
    const b = document.getElementById('b') as HTMLElementTagNameMap['dice-poker'];
    a.style.height = b.style.height = '340px';
    await Promise.all([a.updateComplete, b.updateComplete]);
    return { a: a.state, b: b.state };
  });
  expect(resumed.a).toEqual(saved.a);
  expect(resumed.b).toEqual(saved.b);
  expect(errors).toEqual([]);
});

test('two elements saving under one storage key: the page is warned, once', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto('/');
  await expect(page.locator('dice-poker canvas')).toBeVisible();
  await page.evaluate(async () => {
    // index.html's element saves under the default key; a second one on it would overwrite its game.
    const second = document.createElement('dice-poker');
    second.style.height = '300px'; // through the CSSOM: the page's CSP forbids a style attribute
    document.body.append(second);
    await (second as HTMLElementTagNameMap['dice-poker']).updateComplete;
    second.setAttribute('storage-key', 'second');
    await (second as HTMLElementTagNameMap['dice-poker']).updateComplete;
  });
  expect(warnings.filter((w) => w.includes('storage-key="default" is used by another'))).toHaveLength(1);
  expect(warnings.filter((w) => w.includes('storage-key="second"'))).toHaveLength(0);
});
