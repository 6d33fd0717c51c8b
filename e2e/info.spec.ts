import { boardReady, dialog } from './support/board';
import { expect, test } from './support/test';

test('the info button opens How to Play with its sections; Escape closes it', async ({ page }) => {
  await page.goto('/game');
  await boardReady(page);
  await page.getByRole('button', { name: 'How to play', exact: true }).click();
  const info = dialog(page, 'How to Play');
  await expect(info).toBeVisible();
  for (const section of ['About', 'How to Play', 'Scoring', 'Controls / Game Buttons']) {
    await expect(info.getByRole('heading', { level: 3, name: section, exact: true })).toBeVisible();
  }
  for (const button of ['Undo', 'Reset', 'Stats', 'Settings', 'Home']) {
    await expect(info.getByRole('term').filter({ hasText: new RegExp(`^${button}$`) })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();

  // The logo opens it too.
  await page.getByRole('button', { name: 'Cell Connection logo' }).click();
  await expect(info).toBeVisible();
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(info).toBeHidden();
});
