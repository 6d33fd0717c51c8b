import { boardReady, clickCell, expectOccupied, freeCells, playRound, readBoard, scores, startGame } from './support/board';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** Two human moves with the AI's answers, a reload, then the same cells and scores. */
async function expectTwoRoundsSurviveReload(page: Page): Promise<void> {
  await playRound(page, { x: 1, y: 1 });
  await playRound(page, freeCells(await readBoard(page))[0]!);
  const cells = await readBoard(page);
  const before = await scores(page);

  await page.reload();
  await boardReady(page);
  await expectOccupied(page, 4, 5_000);
  expect(await readBoard(page)).toEqual(cells);
  expect(await scores(page)).toEqual(before);
}

test('reload mid-game, the game started from Home: the same cells and scores', async ({ page }) => {
  await startGame(page);
  await expectTwoRoundsSurviveReload(page);
});

test('reload mid-game, the game opened at /game: the same cells and scores', async ({ page }) => {
  await page.goto('/game');
  await boardReady(page);
  await expectTwoRoundsSurviveReload(page);
});

test('a corrupt saved game is discarded: a fresh game, no crash', async ({ page }) => {
  await page.goto('/game');
  await boardReady(page);
  await playRound(page, { x: 0, y: 0 });
  for (const corrupt of ['{"version":1,"moves":"garbage"}', 'not json at all']) {
    // Written by an init script as the reload starts: a write from the test while the page runs
    // could be overwritten by the game's own save (it saves on every step of its statechart).
    await page.addInitScript((value) => {
      const once = `e2e-corrupted:${value}`;
      if (sessionStorage.getItem(once)) return;
      sessionStorage.setItem(once, 'done');
      localStorage.setItem('cellconnection.game', value);
    }, corrupt);
    await page.reload();
    await boardReady(page);
    await expectOccupied(page, 0, 5_000);
    expect(await scores(page)).toEqual([0, 0]);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cellconnection.game'))).not.toBe(corrupt);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cell Connection');
  }
  // And the fresh game plays.
  await clickCell(page, { x: 0, y: 0 });
  await expectOccupied(page, 1, 5_000);
});
