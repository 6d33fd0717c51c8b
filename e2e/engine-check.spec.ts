import { expect, test } from '@playwright/test';

test('the home page shows the version and the engine scores the spec example board', async ({ page }) => {
  await page.goto('/');
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

test('a deep link is served the client too', async ({ page }) => {
  await page.goto('/game?settings=open');
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
});
