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
  for (const button of ['Hint', 'Undo', 'Reset', 'Stats', 'Settings', 'Home', 'Coordinates', 'Numbers']) {
    await expect(info.getByRole('term').filter({ hasText: new RegExp(`^${button}$`) })).toBeVisible();
  }
  // About says who moves first, not that the second player never loses (untrue under No mirroring).
  await expect(info.getByText('The first player moves first', { exact: false })).toBeVisible();
  await expect(info.getByText(/never loses/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();

  // The logo opens it too.
  await page.getByRole('button', { name: 'Cell Connection logo' }).click();
  await expect(info).toBeVisible();
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(info).toBeHidden();
});

test('the scoring examples are drawn as the game draws its board, one picture per mode', async ({ page }) => {
  await page.goto('/game');
  await boardReady(page);
  await page.getByRole('button', { name: 'How to play', exact: true }).click();
  const info = dialog(page, 'How to Play');
  for (const [label, green, blue] of [
    ['Connection', '4×3=12', '5×2=10'],
    ['Expansion', '8×4=32', '8×2=16'],
    ['Extension', '4×2=8', '4×1=4'],
  ]) {
    const picture = info.getByRole('img', { name: `${label} example on a 5x5 board: green ${green}, blue ${blue}` });
    await expect(picture).toHaveAttribute('data-drawn', 'true');
    // A decoded picture with pixels, not a broken image.
    await expect.poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
});
