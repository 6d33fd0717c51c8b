/**
 * Rows for the leaderboard's and the profile's journeys. Scores against the AI are written the
 * way the game writes them (a signed-in player's insert, through the REST API); competitive
 * results only the game server writes, at the end of an online game, so a journey that needs
 * some on screen is given them by answering the page's read of game_results itself.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { nodeClient } from './accounts';

export interface Scorer {
  id: string;
  username: string;
  email: string;
  password: string;
}

export interface AiScore {
  ai_difficulty: 'easy' | 'medium' | 'hard' | 'expert';
  score: number;
  opponent_score: number;
}

/** A new player named `username` (at most 20 characters) with these scores on 8x8 (at most five a minute). */
async function addPlayer(baseURL: string, username: string, scores: readonly AiScore[] = []): Promise<Scorer> {
  const client = await nodeClient(baseURL);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `player-${stamp}@example.com`;
  const password = 'player password';
  const signedUp = await client.auth.signUp({ email, password, options: { data: { username } } });
  expect(signedUp.error).toBeNull();
  const id = signedUp.data.user!.id;
  if (scores.length > 0) {
    const row = { user_id: id, username, board_size: 8, scoring_mechanism: 'connection', game_duration: 30, opponent_type: 'ai' };
    const inserted = await client.from('game_scores').insert(scores.map((score, i) => ({ ...row, ...score, game_id: `${stamp}-${i}` })));
    expect(inserted.error).toBeNull();
  }
  return { id, username, email, password };
}

let longNamed: Promise<[Scorer, Scorer]> | null = null;

/**
 * Two players with the longest names a username may have (20 characters), one of two words and
 * one of a single word, and a game against each AI level between them: won, lost and drawn.
 * Made once per worker: the server allows ten sign-ups an hour from one address, and the whole
 * suite signs up from this one.
 */
export function longNamedPlayers(baseURL: string): Promise<[Scorer, Scorer]> {
  const stamp = String(Math.floor(Math.random() * 1e5)).padStart(5, '0');
  longNamed ??= Promise.all([
    addPlayer(baseURL, `Maximilian Ostro${stamp.slice(0, 4)}`, [
      { ai_difficulty: 'expert', score: 90_000, opponent_score: 100 },
      { ai_difficulty: 'medium', score: 1_000, opponent_score: 2_000 },
    ]),
    addPlayer(baseURL, `Wolfeschlegelst${stamp}`, [
      { ai_difficulty: 'hard', score: 80_000, opponent_score: 10 },
      { ai_difficulty: 'easy', score: 5, opponent_score: 5 },
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
