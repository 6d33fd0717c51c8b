/**
 * "No mirroring" on one device: ticked in Game Settings for a two-player game on 6x6, the second
 * player's tap on the first player's cell turned half a turn is refused with the rule's words and
 * the cell stays empty (the mouse shows no ghost there); another cell is then played.
 */
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL, MIRRORING_REFUSED } from '../src/game/mirrorRule';
import { board, boardReady, cellCentre, clickCell, dialog, expectOccupied, readBoard } from './support/board';
import { expect, test } from './support/test';

test('No mirroring refuses the second player’s copy with its message; another cell is played', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const panel = dialog(page, 'Game Settings');
  await panel.getByLabel('Game Mode').selectOption({ label: 'Two Player' });
  await panel.getByLabel('Board Size').selectOption({ label: '6x6' });
  const rule = panel.getByRole('checkbox', { name: MIRROR_RULE_LABEL });
  await expect(rule).not.toBeChecked(); // off by default on one device
  await expect(panel.getByText(MIRROR_RULE_EXPLAINED)).toBeVisible();
  await rule.check();
  await panel.getByRole('button', { name: 'Start Game', exact: true }).click();
  await boardReady(page);
  await expectOccupied(page, 0, 5_000);

  // Player 1 takes c5; Player 2 taps d2, the same cell turned half a turn.
  await clickCell(page, { x: 2, y: 1 });
  await expectOccupied(page, 1, 5_000);
  // The mouse over d2 shows no ghost (the rule refuses it); over another free cell it does.
  const copy = await cellCentre(page, { x: 3, y: 4 });
  const other = await cellCentre(page, { x: 0, y: 0 });
  await page.mouse.move(other.x, other.y);
  await expect(board(page)).toHaveAttribute('data-hover', '0-0');
  await page.mouse.move(copy.x, copy.y);
  await expect(board(page)).not.toHaveAttribute('data-hover', /.*/);
  await clickCell(page, { x: 3, y: 4 });
  await expect(page.getByRole('alert').filter({ hasText: MIRRORING_REFUSED })).toBeVisible();
  expect((await readBoard(page)).get('3-4')).toBe('empty');
  await expectOccupied(page, 1, 1_000);

  // Another cell is Player 2's move, and the message goes.
  await clickCell(page, { x: 0, y: 0 });
  await expectOccupied(page, 2, 5_000);
  expect((await readBoard(page)).get('0-0')).toBe('Blue');
  await expect(page.getByText(MIRRORING_REFUSED)).toHaveCount(0);
});

test('a nomirror record replays with No mirroring among its rules; one that copies says which move', async ({ page }) => {
  await page.goto('/replay#CC1_6x6_connection_nomirror:_c5_a1_*');
  await expect(page.getByTestId('replay-summary')).toHaveText(`Cell Connection, 6×6, ${MIRROR_RULE_LABEL}: Not finished (*)`);
  await page.goto('/replay#CC1_6x6_connection:_c5_a1_*');
  await expect(page.getByTestId('replay-summary')).toHaveText('Cell Connection, 6×6: Not finished (*)');
  await page.goto('/replay#CC1_6x6_connection_nomirror:_c5_d2_*');
  await expect(page.getByTestId('replay-error')).toHaveText(
    "This link's game cannot be opened. Move 2, d2, breaks No mirroring: it copies the other player's cells by a turn or flip of the board.",
  );
});
