/**
 * Issue 11 "Tests": two browsers in the middle of an online game; the server is killed with
 * SIGKILL and started again on the same data; both pages reconnect on their own (socket.io's
 * reconnection with the rejoin token) and carry on to the end of the game.
 * This journey runs its own server (not the shared one of playwright.config.ts), on a fresh
 * embedded database, so that killing it touches no other journey.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadSecret } from '../server/src/auth/keys';
import { freePort } from '../server/src/db/postgres-cluster';
import { startServerProcess, stopServerProcess, type RunningServer } from '../server/src/server-process.testkit';
import { boardReady, clickCell, expectOccupied, freeCells, readBoard } from './support/board';
import { closeBoth, createRoom, expectNoPageErrors, joinRoom, nextNotice, openLobby, openPlayer, turnIndicator, type Player } from './support/multiplayer';

const CELLS = 36;
const KILL_AFTER = 12;

test('a game survives kill -9 of the server: both pages carry on to the end', async ({ browser }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-restart-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, JWT_SECRET: loadSecret() };
  let server: RunningServer | null = await startServerProcess(port, env);
  const alice = await openPlayer(browser, 'Alice', server.url);
  const bob = await openPlayer(browser, 'Bob', server.url);
  try {
    await openLobby(alice);
    const code = await createRoom(alice);
    await openLobby(bob);
    await joinRoom(bob, code);
    for (const { page } of [alice, bob]) await page.getByRole('button', { name: 'Ready', exact: true }).click();
    await alice.page.getByRole('button', { name: 'Start Game', exact: true }).click();
    for (const { page } of [alice, bob]) {
      await expect(page).toHaveURL(/\/multiplayer\/game$/, { timeout: 15_000 });
      await boardReady(page);
    }

    for (let moves = 0; moves < CELLS; moves++) {
      const aliceToMove = (await turnIndicator(alice.page).textContent()) === 'Your turn';
      const [mover, other]: [Player, Player] = aliceToMove ? [alice, bob] : [bob, alice];
      await expect(turnIndicator(mover.page)).toHaveText('Your turn', { timeout: 30_000 });
      const cell = freeCells(await readBoard(mover.page))[0]!;
      await clickCell(mover.page, cell);
      await expectOccupied(mover.page, moves + 1, 10_000);
      await expectOccupied(other.page, moves + 1, 10_000);

      if (moves + 1 === KILL_AFTER) {
        const cells = await readBoard(alice.page);
        await stopServerProcess(server, 'SIGKILL');
        server = null;
        server = await startServerProcess(port, env);
        // No reload: each page gets back in by itself, to the same board.
        for (const { page } of [alice, bob]) {
          await expect(turnIndicator(page)).toHaveText(/^(Your turn|Alice's turn|Bob's turn)$/, { timeout: 60_000 });
          await expect.poll(async () => readBoard(page), { timeout: 60_000 }).toEqual(cells);
        }
      }
    }

    // Game Results on both pages, once.
    const finish = /^(You won!|You lost!|Game ended in a draw!)$/;
    for (const player of [alice, bob]) expect(await nextNotice(player, 15_000)).toMatch(finish);
    for (const player of [alice, bob]) expect(player.alerts).toEqual([]);
    for (const { page } of [alice, bob]) await expect(turnIndicator(page)).toHaveText('Game over');
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
    if (server) await stopServerProcess(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
