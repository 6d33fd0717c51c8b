/**
 * The player panel and board size: whose turn it is and the last move in words, the players'
 * strips beside the board on wide screens and above and below it on a phone, the board the
 * largest square that fits, the buttons on one row, and a game-over banner that reopens Game
 * Results.
 */
import type { Page } from '@playwright/test';
import { board, buttonBar, clickCell, dialog, expectOccupied, playToTheEnd, startGame } from './support/board';
import { expect, test } from './support/test';

const panel = (page: Page) => page.getByRole('region', { name: 'Scores' });

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on the page`);
  return found;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width}×${viewport.height} the strips are beside a board as tall as the window allows`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await startGame(page, { size: '6x6' });
    await expect(panel(page).getByRole('status')).toHaveText('Your turn');

    const boardBox = await box(page, '[data-testid="game-board"]');
    const buttons = await buttonBar(page).boundingBox();
    // Beside, not above: both strips and the buttons start right of the board.
    for (const selector of ['[data-testid="player-strip-0"]', '[data-testid="player-strip-1"]']) {
      expect((await box(page, selector)).x).toBeGreaterThanOrEqual(boardBox.x + boardBox.width - 1);
    }
    expect(buttons!.x).toBeGreaterThanOrEqual(boardBox.x + boardBox.width - 1);
    // The board takes the window's height less the top bar and the button row.
    expect(boardBox.height).toBeGreaterThan(viewport.height * 0.78);
    expect(Math.abs(boardBox.width - boardBox.height)).toBeLessThan(2);
    expect(buttons!.y + buttons!.height).toBeLessThanOrEqual(viewport.height);

    // The player's move is named until the computer's reply, 600 ms later: every text the panel
    // shows is recorded, so a busy machine's late look does not miss it.
    await panel(page).evaluate((region) => {
      const seen: string[] = [];
      (window as unknown as { panelTexts: string[] }).panelTexts = seen;
      new MutationObserver(() => seen.push(region.textContent ?? '')).observe(region, { subtree: true, childList: true, characterData: true });
    });
    await clickCell(page, { x: 2, y: 3 });
    await expect(panel(page).getByText(/^AI \(\w+\) played [a-f][1-6]$/)).toBeVisible({ timeout: 20_000 });
    const shown = await page.evaluate(() => (window as unknown as { panelTexts: string[] }).panelTexts);
    expect(shown.some((text) => /(?<!AI \(\w+\) )played c3/.test(text)), shown.join(' | ')).toBe(true);
    await expect(panel(page).getByRole('status')).toHaveText('Your turn');
    await page.screenshot({ path: testInfo.outputPath('panel.png') });
  });
}

test('on a phone Player 2 is above a board as wide as the screen, Player 1 below it, and the buttons share one row at the bottom', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await expect(panel(page).getByRole('status')).toHaveText('Player 1 to move');
  const boardBox = await box(page, '[data-testid="game-board"]');
  const top = await box(page, '[data-testid="player-strip-1"]');
  const bottom = await box(page, '[data-testid="player-strip-0"]');
  expect(top.y + top.height).toBeLessThanOrEqual(boardBox.y + 1);
  expect(bottom.y).toBeGreaterThanOrEqual(boardBox.y + boardBox.height - 1);
  expect(boardBox.width).toBeGreaterThan(390 * 0.9);
  // The buttons at the screen's bottom edge, within the thumb's reach.
  const buttons = (await buttonBar(page).boundingBox())!;
  expect(buttons.y + buttons.height).toBeGreaterThan(844 - 2);
  const tops = await buttonBar(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(tops).toHaveLength(6); // Undo, Hint, Reset, Stats, Home, Settings
  expect(new Set(tops).size).toBe(1);

  await clickCell(page, { x: 0, y: 5 });
  await expectOccupied(page, 1);
  await expect(panel(page).getByText('Player 1 played a1')).toBeVisible();
  await expect(panel(page).getByRole('status')).toHaveText('Player 2 to move');
  await page.screenshot({ path: testInfo.outputPath('phone.png') });
});

test('a finished game keeps a banner with its result that opens Game Results again', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await playToTheEnd(page, 'human');
  const results = dialog(page, 'Game Results');
  await expect(results).toBeVisible();
  const outcome = (await results.getByTestId('results-headline').locator('p').nth(1).textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();

  await expect(panel(page).getByText(`Game over: ${outcome}`)).toBeVisible();
  await expect(board(page)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('over.png') });
  await panel(page).getByRole('button', { name: 'Show Results' }).click();
  await expect(results).toBeVisible();
  await expect(results.getByTestId('results-headline').locator('p').nth(1)).toHaveText(outcome);
});
