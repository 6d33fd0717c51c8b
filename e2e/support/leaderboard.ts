/**
 * Rows for the leaderboard's and the profile's journeys. Scores against the AI are games played
 * in Node exactly as the game page plays them (server/src/scores/played-game.testkit.ts) and
 * submitted the way the game submits them (a signed-in player's insert, through the REST API);
 * High Scores shows each once the server has replayed it. Competitive results only the game
 * server writes, at the end of an online game, so a journey that needs some on screen is given
 * them by answering the page's read of game_results itself.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadEngine } from '../../src/engine/load';
import type { ScorePayload, Submitter } from '../../src/game/submission';
import type { BoardSize } from '../../src/game/types';
import { expertHuman, firstFreeHuman, mirrorHuman, playAgainstComputer, type HumanPlayer } from '../../server/src/scores/played-game.testkit';
import { nodeClient } from './accounts';

export interface Scorer {
  id: string;
  username: string;
  email: string;
  password: string;
  /** Their verified scores, in the order asked for. */
  games: ScorePayload[];
}

export type Outcome = 'won' | 'lost' | 'draw';

export interface WantedGame {
  level: 'easy' | 'medium' | 'hard';
  outcome: Outcome;
}

/** Who plays the human for each outcome: Expert's search wins, row by row loses, the mirror draws. */
const PLAYERS: Record<Outcome, { human: HumanPlayer; firstPlayer: 'human' | 'ai' }> = {
  won: { human: expertHuman(), firstPlayer: 'human' },
  lost: { human: firstFreeHuman, firstPlayer: 'human' },
  // Moving second and answering each move with its mirror image always ends level.
  draw: { human: mirrorHuman, firstPlayer: 'ai' },
};

const outcomeOf = ({ score, opponent_score }: ScorePayload): Outcome => (score > opponent_score ? 'won' : score < opponent_score ? 'lost' : 'draw');

/**
 * A game against `level` that ended as wanted, played in Node as the page plays it. Each game id
 * seeds the computer; the next one is tried until the game ends as wanted (a few at most).
 */
async function playedGame(user: Submitter, { level, outcome }: WantedGame, boardSize: BoardSize): Promise<ScorePayload> {
  const engine = await loadEngine();
  const { human, firstPlayer } = PLAYERS[outcome];
  const first = Date.now() + Math.floor(Math.random() * 1e6);
  for (let gameId = first; gameId < first + 20; gameId++) {
    const { payload } = playAgainstComputer(engine, { user, settings: { aiDifficulty: level, boardSize, firstPlayer }, gameId, human });
    if (outcomeOf(payload) === outcome) return payload;
  }
  throw new Error(`no game against ${level} ended ${outcome} in 20 tries`);
}

/**
 * Submits the scores as the game does and waits, polling the player's own rows through the REST
 * API, until the server has replayed them all (a rejection fails at once, with its reason).
 */
async function submitVerified(client: SupabaseClient, payloads: readonly ScorePayload[]): Promise<void> {
  const inserted = await client.from('game_scores').insert(payloads);
  expect(inserted.error).toBeNull();
  const ids = payloads.map((payload) => payload.game_id);
  await expect(async () => {
    const { data, error } = await client.from('game_scores').select('game_id, status, rejection').in('game_id', ids);
    expect(error).toBeNull();
    const rows = (data ?? []) as { game_id: string; status: string; rejection: string | null }[];
    const rejected = rows.find((row) => row.status === 'rejected');
    if (rejected) throw new Error(`the server rejected a played game: ${rejected.rejection}`);
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'verified'));
  }).toPass({ timeout: 90_000 });
}

/** A new player named `username` (at most 20 characters) with these games on `boardSize` (8x8 by default), verified (at most five a minute). */
export async function addPlayer(baseURL: string, username: string, wanted: readonly WantedGame[] = [], boardSize: BoardSize = '8'): Promise<Scorer> {
  const client = await nodeClient(baseURL);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `player-${stamp}@example.com`;
  const password = 'player password';
  const signedUp = await client.auth.signUp({ email, password, options: { data: { username } } });
  expect(signedUp.error).toBeNull();
  const id = signedUp.data.user!.id;
  const games: ScorePayload[] = [];
  for (const game of wanted) games.push(await playedGame({ id, username }, game, boardSize));
  if (games.length > 0) await submitVerified(client, games);
  return { id, username, email, password, games };
}

/** High Scores read again (the tab left for ELO Rankings and opened anew), as a player sees new scores. */
export async function rereadHighScores(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'ELO Rankings' }).click();
  await page.getByRole('tab', { name: 'High Scores' }).click();
}

/** Reads High Scores again until `row` is on it once: a score shows once the server has replayed its game. */
export async function untilOnHighScores(page: Page, row: Locator, timeout: number): Promise<void> {
  await expect(async () => {
    await rereadHighScores(page);
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout });
}

let longNamed: Promise<[Scorer, Scorer]> | null = null;

/**
 * Two players with the longest names a username may have (20 characters), one of two words and
 * one of a single word, and games against the AI between them: won, lost and drawn.
 * Made once per worker: the server allows ten sign-ups an hour from one address, and the whole
 * suite signs up from this one.
 */
export function longNamedPlayers(baseURL: string): Promise<[Scorer, Scorer]> {
  const stamp = String(Math.floor(Math.random() * 1e5)).padStart(5, '0');
  longNamed ??= Promise.all([
    addPlayer(baseURL, `Maximilian Ostro${stamp.slice(0, 4)}`, [
      { level: 'hard', outcome: 'won' },
      { level: 'medium', outcome: 'lost' },
    ]),
    addPlayer(baseURL, `Wolfeschlegelst${stamp}`, [
      { level: 'medium', outcome: 'won' },
      { level: 'easy', outcome: 'draw' },
    ]),
  ]);
  return longNamed;
}

/**
 * Answers the page's reads of game_results with three games between `a` and `b` (a won, b won, a
 * draw) in the shape the table has; names are still looked up for real.
 */
export async function giveCompetitiveResults(page: Page, a: string, b: string): Promise<void> {
  const game = (n: number, winner: string | null, scores: [number, number]) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    player1_id: a,
    player2_id: b,
    player1_score: scores[0],
    player2_score: scores[1],
    winner_id: winner,
    scoring_mechanism: 'connection',
    board_size: 8,
    created_at: new Date(Date.UTC(2026, 10, 20 + n)).toISOString(),
    player1_elo_before: 1200,
    player1_elo_after: winner === a ? 1216 : winner === b ? 1184 : 1200,
    player2_elo_before: 1200,
    player2_elo_after: winner === b ? 1216 : winner === a ? 1184 : 1200,
  });
  const games = [game(3, a, [4096, 729]), game(2, b, [96, 1152]), game(1, null, [512, 512])];
  await page.route('**/rest/v1/game_results?*', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: games }) : route.fallback(),
  );
}
