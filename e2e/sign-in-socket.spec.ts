/**
 * Who the game server counts a page as follows its sign-ins and sign-outs, without a reload: the
 * socket connects again at each, so quick play is Casual before signing in, Rated once signed in,
 * and Casual again after signing out (the signed-out token counts for nobody).
 */
import { expect, type Page } from '@playwright/test';
import { authForm, home, openSignIn, submitCredentials } from './support/accounts';
import { test } from './support/test';

/** From Home to the lobby through the menu (no reload: the page keeps its socket). */
async function openLobby(page: Page): Promise<void> {
  await home(page).getByRole('button', { name: 'Multiplayer', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Multiplayer', exact: true })).toBeVisible();
  await expect(page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
}

/** Looks for an opponent with settings no other journey uses (nobody pairs with it), reads how it counts, cancels and goes Home. */
async function quickPlayCounts(page: Page): Promise<string> {
  const form = page.getByRole('form', { name: 'Play online' });
  await form.getByLabel('Board size').selectOption('10x10');
  await form.getByLabel('Time control').selectOption('10+5');
  await form.getByRole('button', { name: 'Play online', exact: true }).click();
  const looking = page.getByRole('region', { name: 'Play online' }).getByText(/^10x10 · 10\+5 · (Rated|Casual)/);
  await expect(looking).toBeVisible();
  const counted = /· (Rated|Casual) ·/.exec((await looking.textContent()) ?? '')?.[1] ?? '';
  await page.getByRole('region', { name: 'Play online' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Back to Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  return counted;
}

test('quick play is Casual before signing in, Rated once signed in, and Casual again after signing out, all in one page', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `Socket${stamp}`.slice(0, 20);

  await page.goto('/home');
  await openLobby(page);
  await page.getByLabel('Username').fill('Guest');
  expect(await quickPlayCounts(page)).toBe('Casual');

  // Sign up from Home, in the same page: its socket connected before, anonymous.
  const panel = await openSignIn(page);
  await panel.getByRole('button', { name: "Don't have an account?", exact: true }).click();
  await authForm(page).getByPlaceholder('Choose a username').fill(username);
  await submitCredentials(page, `socket-${stamp}@example.com`, 'socket journey password', 'Sign Up');
  await expect(page.getByText(`Welcome, ${username}!`, { exact: true })).toBeVisible();
  await openLobby(page);
  await expect(page.getByLabel('Username')).toHaveValue(username);
  expect(await quickPlayCounts(page)).toBe('Rated');

  await home(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(home(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await openLobby(page);
  await page.getByLabel('Username').fill('Guest');
  expect(await quickPlayCounts(page)).toBe('Casual');
});
