import { expect, test } from './support/test';

test('splash to home: the logo and title, then /home with the version within about 3 s', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('svg.splash-logo')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cell Connection', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // 2 s of splash; the rest is slack for a busy machine.
  await expect(page).toHaveURL(/\/home$/, { timeout: 3_500 });
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const name of ['Play', 'Multiplayer', 'Leaderboard', 'Sign In', 'How to Play', 'Learn the game']) {
    await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
  }
  // The splash was replaced in the history: Back does not bounce through it again.
  await page.goBack();
  await expect(page).not.toHaveURL(/localhost:\d+\/$/);
});

test('an unknown address says the page is not found, names it, and leads home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at /no-such-page.')).toBeVisible();
  await expect(page.getByText('Coming soon')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
