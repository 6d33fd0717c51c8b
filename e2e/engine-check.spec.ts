import { expect, test } from './support/test';

test('the engine self-check page (/engine) scores the spec example board', async ({ page }) => {
  await page.goto('/engine');
  await expect(page).toHaveTitle('Cell Connection');
  await expect(page.getByText('Version 1.0.0')).toBeVisible();

  const expected = {
    connection: ['12', '10'],
    expansion: ['32', '16'],
    extension: ['8', '4'],
  };
  for (const [mechanism, scores] of Object.entries(expected)) {
    for (const [player, score] of scores.entries()) {
      await expect(page.getByTestId(`score-${mechanism}-${player}`)).toHaveText(score);
    }
  }
  await expect(page.getByText('4 × 3 = 12')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the computer opponent searches in a Web Worker in the browser', async ({ page }) => {
  await page.goto('/engine');
  const move = page.getByTestId('computer-move');
  await expect(move).toHaveText(/^\d+-\d+$/);
  const [x, y] = (await move.innerText()).split('-').map(Number);
  // The move is a free cell of the example board.
  const taken = ['0-0', '1-0', '0-1', '1-1', '4-0', '4-1', '4-2', '0-4', '1-4', '2-4', '3-4', '4-4', '2-1', '2-2'];
  expect(taken).not.toContain(`${x}-${y}`);
  expect(Number(await page.getByTestId('computer-depth').innerText())).toBeGreaterThanOrEqual(1);
});

test('/game?settings=open opens the Game Settings panel on load', async ({ page }) => {
  await page.goto('/game?settings=open');
  const panel = page.getByRole('dialog', { name: 'Game Settings' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Start New Game', exact: true })).toBeVisible();
});
