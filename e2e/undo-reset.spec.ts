import { boardReady, buttonBar, dialog, expectOccupied, freeCells, playRound, readBoard, scores, startGame } from './support/board';
import { expect, test } from './support/test';

test('undo against the AI takes back two moves; Reset asks first, Cancel keeps the board, Reset empties it', async ({ page }) => {
  await startGame(page);
  const undo = buttonBar(page).getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toBeDisabled();

  await playRound(page, { x: 0, y: 0 });
  const afterFirstRound = await readBoard(page);
  const scoresAfterFirstRound = await scores(page);
  await playRound(page, freeCells(afterFirstRound)[0]!);
  await expect(undo).toBeEnabled();

  // The human's second move and the AI's answer go together.
  await undo.click();
  await expectOccupied(page, 2, 5_000);
  expect(await readBoard(page)).toEqual(afterFirstRound);
  expect(await scores(page)).toEqual(scoresAfterFirstRound);

  // Reset: the confirmation, then Cancel keeps everything.
  const resetButton = buttonBar(page).getByRole('button', { name: 'Reset', exact: true });
  await resetButton.click();
  const confirm = dialog(page, 'Reset Game');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    'Are you sure you want to reset the game? This will start a new game with the current settings.',
  );
  await expect(confirm.getByRole('button', { name: 'Reset', exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  expect(await readBoard(page)).toEqual(afterFirstRound);

  // Reset confirmed: an empty board, nothing to undo.
  await resetButton.click();
  await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expectOccupied(page, 0, 5_000);
  expect(await scores(page)).toEqual([0, 0]);
  await expect(undo).toBeDisabled();
  await boardReady(page);
});
