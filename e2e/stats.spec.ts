import { buttonBar, dialog, playRound, startGame } from './support/board';
import { expect, test } from './support/test';

test('Stats shows the statistics table and the chart; with no moves the chart says so', async ({ page }) => {
  await startGame(page);
  const statsButton = buttonBar(page).getByRole('button', { name: 'Stats', exact: true });
  const stats = dialog(page, 'Game Statistics');

  await statsButton.click();
  await expect(stats).toBeVisible();
  await expect(stats.getByText('No score data available', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stats).toBeHidden();

  await playRound(page, { x: 0, y: 0 });
  await playRound(page, { x: 5, y: 5 });
  await statsButton.click();
  await expect(stats).toBeVisible();
  const table = stats.getByTestId('statistics-table');
  for (const row of ['Final Score', 'Highest Score', 'Biggest Single Move Gain', 'Largest Lead', 'Time in Lead', 'Total Moves', 'Lead Changes']) {
    await expect(table.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /^Total Moves/ }).getByRole('cell')).toHaveText('4');
  await expect(table.getByRole('row', { name: /^Time in Lead/ }).getByRole('cell').first()).toHaveText(/^\d+%$/);
  const chart = stats.getByRole('img', { name: /^Score history of/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect(stats.getByText('No score data available')).toHaveCount(0);
});
