/**
 * A server restart mid-game: two browsers in the middle of an online game; the server is killed with
 * SIGKILL and started again on the same data; both pages reconnect on their own (socket.io's
 * reconnection with the rejoin token) and carry on to the end of the game.
 * This journey runs its own server (not the shared one of playwright.config.ts), on a fresh
 * embedded database, so that killing it touches no other journey.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { loadSecret } from '../server/src/auth/keys';
import { freePort } from '../server/src/db/postgres-cluster';
import { startServerProcess, stopServerProcess, type RunningServer } from '../server/src/server-process.testkit';
import { readBoard } from './support/board';
import { closeBoth, createRoom, expectBothBack, expectGameOverOnBoth, openLobby, openPlayer, playOnlineMoves, startOnlineGame } from './support/multiplayer';

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
    await startOnlineGame(alice, bob, code);

    await playOnlineMoves(alice, bob, KILL_AFTER);
    const board = await readBoard(alice.page);
    await stopServerProcess(server, 'SIGKILL');
    server = null;
    server = await startServerProcess(port, env);
    await expectBothBack([alice, bob], board);

    await playOnlineMoves(alice, bob, CELLS - KILL_AFTER);
    await expectGameOverOnBoth(alice, bob);
  } finally {
    await closeBoth(alice, bob);
    if (server) await stopServerProcess(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
