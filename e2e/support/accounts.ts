/**
 * Steps of the accounts journey: the authentication panel, a winning player driven by the real
 * engine in Node, and supabase-js in Node against the test server (for rows the page then shows).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Locator, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { createKeys, loadSecret } from '../../server/src/auth/keys';
import { loadEngine } from '../../src/engine/load';
import type { BoardState, CellKey } from '../../src/engine/types';
import { dialog, occupied, playRound, readBoard, scores, startGame, type BoardView, type Cell } from './board';

/**
 * The authentication panel while it is open. It stays in the DOM (inert, slid away) when closed,
 * so the open root is what scopes it; its dialog is named by its title (Sign In, Sign Up, Profile).
 */
export const authPanel = (page: Page): Locator => page.locator('.auth-root.open').getByRole('dialog');

/** The panel's form: its submit button is the only 'Sign In' / 'Sign Up' button inside it. */
export const authForm = (page: Page): Locator => authPanel(page).locator('form');

export const home = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

/** From Home: Sign In opens the panel on its Sign In form. */
export async function openSignIn(page: Page): Promise<Locator> {
  await home(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  const panel = authPanel(page);
  await expect(panel.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  return panel;
}

export async function submitCredentials(page: Page, email: string, password: string, button: 'Sign In' | 'Sign Up'): Promise<void> {
  const form = authForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: button, exact: true }).click();
}

/** Home → Sign In → "Don't have an account?" → Sign Up; resolves once the welcome shows. */
export async function signUp(page: Page, username: string, email: string, password: string): Promise<void> {
  await page.goto('/home');
  const panel = await openSignIn(page);
  await panel.getByRole('button', { name: "Don't have an account?", exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Sign Up', exact: true })).toBeVisible();
  await authForm(page).getByPlaceholder('Choose a username').fill(username);
  await submitCredentials(page, email, password, 'Sign Up');
  await expect(authPanel(page)).toHaveCount(0);
  await expect(page.getByText(`Welcome, ${username}!`, { exact: true })).toBeVisible();
}

/** The board as the engine takes it, from the page's gridcells (Green is player 0). */
export function toBoardState(view: BoardView, size: number): BoardState {
  const green = new Set<CellKey>();
  const blue = new Set<CellKey>();
  for (const [key, owner] of view) {
    if (owner === 'Green') green.add(key as CellKey);
    else if (owner === 'Blue') blue.add(key as CellKey);
  }
  return { occupiedCells: [green, blue], gridWidth: size, gridHeight: size };
}

/**
 * Plays the human (player 0, moving first) to the end of the game with the engine's expert search,
 * reading the board from the page after each of the computer's answers. Returns the moves made.
 */
export async function playToWin(page: Page, size = 6): Promise<Cell[]> {
  const engine = await loadEngine();
  const total = size * size;
  const moves: Cell[] = [];
  for (let seed = 1; ; seed++) {
    const before = await occupied(page);
    if (before >= total) break;
    const board = toBoardState(await readBoard(page), size);
    const taken = board.occupiedCells[0].size + board.occupiedCells[1].size;
    if (taken !== before) throw new Error(`the gridcells show ${taken} pieces, data-occupied says ${before}`);
    const move = engine.chooseMove({ board, player: 0, level: 'expert', mode: 'connection', seed, nodeLimit: 20_000 });
    if (!move) throw new Error(`the engine found no move with ${before} of ${total} cells taken`);
    const cell = { x: move.cell.gridX, y: move.cell.gridY };
    moves.push(cell);
    // The move and the computer's answer (playRound waits for at least the move: on a busy
    // machine the answer can land before a frame shows the move alone).
    await playRound(page, cell, total);
  }
  return moves;
}

/**
 * Plays a game against Easy on a board of `size` (the human first) and wins it with playToWin;
 * the Game Results dialog then open, and the final scores, the human's first.
 */
export async function winAgainstEasy(page: Page, size: 6 | 8): Promise<{ results: Locator; mine: number; theirs: number }> {
  await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: size === 6 ? '6x6' : '8x8' });
  await playToWin(page, size);
  const results = dialog(page, 'Game Results');
  await expect(results).toBeVisible();
  const [mine, theirs] = await scores(page);
  expect(mine, `the engine's expert moves should beat Easy (${mine} to ${theirs})`).toBeGreaterThan(theirs);
  return { results, mine, theirs };
}

/** supabase-js in Node against the e2e server, with the anon key the built client carries. */
export async function nodeClient(baseURL: string): Promise<SupabaseClient> {
  const { anonKey } = await createKeys(loadSecret());
  return createClient(baseURL, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // ws's constructor is what realtime-js expects in Node, but its types differ from the DOM's.
    realtime: { transport: WebSocket as never },
  });
}

/** The computed colour of a CSS variable, as getComputedStyle writes colours (rgb(...)). */
export function cssVariableColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}
