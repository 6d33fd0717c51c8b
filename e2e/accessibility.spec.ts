/**
 * Accessible: axe (WCAG 2.0 and 2.1, levels A and AA) finds nothing serious or critical
 * on any route, dialog or panel of the app, in the light and the dark theme, on a laptop and on a
 * phone. A failure prints each finding's rule, the elements it found and the rule's help, so it
 * can be fixed without rerunning.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '../src/game/settings';
import type { Settings } from '../src/game/types';
import { openSignIn, submitCredentials } from './support/accounts';
import { expectNoSeriousFindings, showTheme, type Theme } from './support/axe';
import { boardReady, buttonBar, dialog } from './support/board';
import { giveCompetitiveResults, longNamedPlayers } from './support/leaderboard';
import { expect, test } from './support/test';

const THEMES: Theme[] = ['light', 'dark'];
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The page's landmarks while a dialog is open: one banner (the navigation bar), and neither the
 * dialog nor its header or footer taken for another landmark. Best practices rather than WCAG,
 * hence their own run.
 */
async function expectOneBanner(page: Page, where: string): Promise<void> {
  const rules = ['landmark-no-duplicate-banner', 'landmark-no-duplicate-contentinfo', 'landmark-unique', 'landmark-complementary-is-top-level'];
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `landmarks on ${where}`,
  ).toEqual([]);
}

/** The open dialog, for expectNoSeriousFindings. */
const OPEN_DIALOG = '[role="dialog"]:not([inert])';

/** A saved game against the AI whose board is full, so /game opens on Game Results. */
async function openFinishedGame(page: Page): Promise<void> {
  const moves = Array.from({ length: 36 }, (_, i) => ({ gridX: i % 6, gridY: Math.floor(i / 6) }));
  const settings: Settings = { ...DEFAULT_SETTINGS, playerMode: 'ai', firstPlayer: 'human', boardSize: '6' };
  const saved = { version: 1, settings, gameId: 1, moves };
  await page.goto('/home');
  await page.evaluate((value) => localStorage.setItem('cellconnection.game', value), JSON.stringify(saved));
  await page.goto('/game');
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(LAPTOP);
      await showTheme(page, theme);
    });

    test(`splash, home, Game Settings and Sign In (${theme})`, async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Cell Connection', exact: true })).toBeVisible();
      await expectNoSeriousFindings(page, 'the splash');
      await expect(page).toHaveURL(/\/home$/, { timeout: 5_000 });
      await expectNoSeriousFindings(page, 'home');

      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await expect(dialog(page, 'Game Settings')).toBeVisible();
      await expectNoSeriousFindings(page, 'home with Game Settings open', OPEN_DIALOG);
      await page.keyboard.press('Escape');
      await expect(dialog(page, 'Game Settings')).toBeHidden();

      await openSignIn(page);
      await expectNoSeriousFindings(page, 'home with Sign In open', OPEN_DIALOG);
    });

    test(`the game against the AI, its settings, How to Play and Stats (${theme})`, async ({ page }) => {
      await page.goto('/game');
      await boardReady(page);
      await expectNoSeriousFindings(page, 'the game against the AI');

      await buttonBar(page).getByRole('button', { name: 'Settings' }).click();
      await expect(dialog(page, 'Game Settings')).toBeVisible();
      await expectNoSeriousFindings(page, 'the game with Game Settings open', OPEN_DIALOG);
      await expectOneBanner(page, 'the game with Game Settings open');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'How to play', exact: true }).click();
      await expect(dialog(page, 'How to Play')).toBeVisible();
      await expectNoSeriousFindings(page, 'How to Play', OPEN_DIALOG);
      await expectOneBanner(page, 'the game with How to Play open');
      // Its long body scrolls, so it takes the keyboard's focus, named like the dialog.
      await expect(dialog(page, 'How to Play').getByRole('region', { name: 'How to Play contents' })).toHaveAttribute('tabindex', '0');
      await page.keyboard.press('Escape');

      await buttonBar(page).getByRole('button', { name: 'Stats' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousFindings(page, 'the game with its statistics open', OPEN_DIALOG);
    });

    test(`the two-player game (${theme})`, async ({ page }) => {
      const settings: Settings = { ...DEFAULT_SETTINGS, playerMode: 'user' };
      const moves = [{ gridX: 2, gridY: 3 }];
      await page.goto('/home');
      await page.evaluate((value) => localStorage.setItem('cellconnection.game', value), JSON.stringify({ version: 1, settings, gameId: 1, moves }));
      await page.goto('/game');
      await boardReady(page);
      await expectNoSeriousFindings(page, 'the two-player game');
    });

    test(`Game Results after a finished game (${theme})`, async ({ page }) => {
      await openFinishedGame(page);
      await expect(dialog(page, 'Game Results')).toBeVisible();
      await expectNoSeriousFindings(page, 'Game Results', OPEN_DIALOG);
    });

    test(`the multiplayer lobby and a room (${theme})`, async ({ page }) => {
      await page.goto('/multiplayer');
      await expect(page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
      await expectNoSeriousFindings(page, 'the multiplayer lobby');
      await page.getByLabel('Username').fill('Alice');
      await page.getByRole('button', { name: 'Create Room', exact: true }).click();
      await expect(page.getByRole('heading', { name: /^Room: / })).toBeVisible();
      await expectNoSeriousFindings(page, 'a multiplayer room');
    });

    test(`the leaderboard's three tabs (${theme})`, async ({ page, baseURL }) => {
      const [first, second] = await longNamedPlayers(baseURL!);
      await giveCompetitiveResults(page, first.id, second.id);
      await page.goto('/leaderboard');
      for (const tab of ['Game Results', 'ELO Rankings', 'High Scores']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByText('Loading scores...')).toBeHidden();
        await expectNoSeriousFindings(page, `the leaderboard's ${tab}`);
      }
    });

    test(`the profile of a signed-in player with won, lost and drawn games (${theme})`, async ({ page, baseURL }) => {
      const [me, rival] = await longNamedPlayers(baseURL!);
      await giveCompetitiveResults(page, me.id, rival.id);
      await page.goto('/home');
      await openSignIn(page);
      await submitCredentials(page, me.email, me.password, 'Sign In');
      await page.getByRole('button', { name: 'Profile', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Player Profile' })).toBeVisible();
      await expect(page.locator('.profile-badge')).toHaveText(['Won', 'Lost', 'Draw']);
      await expectNoSeriousFindings(page, 'the profile');
    });

    test(`a replay and a bad replay link (${theme})`, async ({ page }) => {
      await page.goto('/replay#CC1_6x6_connection:_c3_d4_c4_d3_b3_*');
      await boardReady(page);
      await expectNoSeriousFindings(page, 'the replay');
      await page.goto('/replay#CC1_6x6_connection:_c3_c3_*');
      await expect(page.getByTestId('replay-error')).toBeVisible();
      await expectNoSeriousFindings(page, 'a bad replay link');
    });

    test(`the page-not-found page (${theme})`, async ({ page }) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expectNoSeriousFindings(page, 'the page-not-found page');
    });

    test(`on a phone: home, Game Results, the finished game, High Scores, the lobby (${theme})`, async ({ page, baseURL }) => {
      await page.setViewportSize(PHONE);
      await page.goto('/home');
      await expectNoSeriousFindings(page, 'home on a phone');
      await openFinishedGame(page);
      await expect(dialog(page, 'Game Results')).toBeVisible();
      await expectNoSeriousFindings(page, 'Game Results on a phone', OPEN_DIALOG);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Show Results' })).toBeVisible();
      await expectNoSeriousFindings(page, 'the finished game on a phone');
      await longNamedPlayers(baseURL!);
      await page.goto('/leaderboard');
      await page.getByRole('tab', { name: 'Scores' }).click();
      await expect(page.getByText('Loading scores...')).toBeHidden();
      await expectNoSeriousFindings(page, "the leaderboard's High Scores on a phone");
      await page.goto('/multiplayer');
      await expect(page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
      await expectNoSeriousFindings(page, 'the lobby on a phone');
    });
  });
}
