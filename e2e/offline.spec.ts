/**
 * Installable: after one visit the service worker has precached the app, so with
 * the network off the game against the AI and the two-player game open and play; the screens that
 * need the server say so, and work again once the network is back.
 */
import type { Page } from '@playwright/test';
import { clickCell, expectOccupied, freeCells, playRound, readBoard, startGame } from './support/board';
import { expect, test } from './support/test';

// Every other journey blocks the worker (playwright.config.ts): this one is about it.
test.use({ serviceWorkers: 'allow' });

/** The URLs the worker's caches hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
}

test('after the first visit the games play offline, and online screens say they need a connection', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  // ready: installed (everything precached) and active; the controller: this page taken over.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cached = await cachedUrls(page);
  expect(cached).toContain('/index.html');
  expect(cached.some((url) => /^\/assets\/engine-[\w-]+\.wasm$/.test(url)), 'engine.wasm is precached').toBe(true);
  expect(cached).toContain('/manifest.webmanifest');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cell Connection', exact: true })).toBeVisible();

  // Against the AI: the engine is local wasm, its answers come with no network.
  await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: '6x6' });
  for (let round = 0; round < 2; round++) {
    const [cell] = freeCells(await readBoard(page));
    await playRound(page, cell!);
  }
  await expectOccupied(page, 4);

  // Two players at one screen.
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await clickCell(page, { x: 1, y: 1 });
  await expectOccupied(page, 1);
  await clickCell(page, { x: 4, y: 4 });
  await expectOccupied(page, 2);

  // The Home screen's buttons stay and lead to the reason.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn.getByRole('status')).toHaveText('You are offline. Signing in needs a connection.');
  await signIn.getByRole('button', { name: 'Close' }).click();
  await expect(signIn).toBeHidden();

  await page.getByRole('button', { name: 'Leaderboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You are offline. The leaderboard needs a connection.');
  await page.getByRole('button', { name: 'Back to Home', exact: true }).click();

  await page.getByRole('button', { name: 'Multiplayer', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Multiplayer' })).toBeVisible();
  const offline = page.getByText('You are offline. Online play needs a connection.');
  await expect(offline).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);

  // Back online, the lobby returns and connects by itself.
  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await page.getByLabel('Username').fill('Alice');
  await expect(page.getByText('Connecting to server...')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Create Room', exact: true })).toBeEnabled();
});
