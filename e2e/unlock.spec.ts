// Runs in the chromium-locked project only: a client built with VITE_PREMIUM_DEFAULT=locked.
import { boardReady, buttonBar, dialog } from './support/board';
import { expect, test } from './support/test';

test('a locked mode opens the unlock modal; Maybe Later reverts the select, Unlock Now allows it', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const panel = dialog(page, 'Game Settings');
  const scoring = panel.getByLabel('Scoring Mode');
  await expect(scoring).toHaveValue('connection');

  const unlock = dialog(page, 'Unlock Premium Scoring Modes');
  await scoring.selectOption({ label: 'Expansion' });
  await expect(unlock).toBeVisible();
  await expect(unlock).toContainText('Expansion is scored on directed connections between your cells.');
  await expect(unlock).toContainText('Extension is scored on potential growth opportunities.');
  await unlock.getByRole('button', { name: 'Maybe Later', exact: true }).click();
  await expect(unlock).toBeHidden();
  await expect(scoring).toHaveValue('connection');

  await scoring.selectOption({ label: 'Expansion' });
  await expect(unlock).toBeVisible();
  await unlock.getByRole('button', { name: 'Unlock Now', exact: true }).click();
  await expect(unlock).toBeHidden();
  await expect(scoring).toHaveValue('expansion');

  await panel.getByRole('button', { name: 'Start Game', exact: true }).click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cell Expansion');
  await boardReady(page);

  // The unlock is remembered on the device: Extension is now picked without the modal.
  await page.reload();
  await buttonBar(page).getByRole('button', { name: 'Settings', exact: true }).click();
  await dialog(page, 'Game Settings').getByLabel('Scoring Mode').selectOption({ label: 'Extension' });
  await expect(dialog(page, 'Game Settings').getByLabel('Scoring Mode')).toHaveValue('extension');
  await expect(unlock).toBeHidden();
});

test('the shipped default is locked in this build: the game page refuses too', async ({ page }) => {
  await page.goto('/game');
  await buttonBar(page).getByRole('button', { name: 'Settings', exact: true }).click();
  const scoring = dialog(page, 'Game Settings').getByLabel('Scoring Mode');
  await scoring.selectOption({ label: 'Extension' });
  const unlock = dialog(page, 'Unlock Premium Scoring Modes');
  await expect(unlock).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(unlock).toBeHidden();
  await expect(scoring).toHaveValue('connection');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cell Connection');
});

test('saved settings asking for Extension start a Connection game while the modes are locked', async ({ page }) => {
  // What an earlier visit (or an unlocked build) left on this device.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'cellconnection.settings',
        JSON.stringify({ playerMode: 'ai', firstPlayer: 'human', scoringMechanism: 'extension', aiDifficulty: 'hard', boardSize: '8' }),
      );
    }
  });
  await page.goto('/game');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cell Connection');
  await boardReady(page);
  await buttonBar(page).getByRole('button', { name: 'Settings', exact: true }).click();
  const panel = dialog(page, 'Game Settings');
  await expect(panel.getByLabel('Scoring Mode')).toHaveValue('connection');
  await expect(panel.getByLabel('Board Size')).toHaveValue('8'); // the rest of the saved choice stands
  await page.keyboard.press('Escape');

  await page.goto('/home');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(dialog(page, 'Game Settings').getByLabel('Scoring Mode')).toHaveValue('connection');
});
