/**
 * The profile's data calls (SPEC §7, Data API) and their pure helpers.
 * Every call takes the Supabase client as a parameter so the service has no set-up of its own.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  GAME_RESULT_COLUMNS,
  exactScoreOrNull,
  fetchPlayerNames,
  num,
  parseGameResult,
  rowsOf,
  str,
  stripCellPrefix,
  type GameResultRecord,
} from './leaderboard';
import { parseRecord } from '../game/record';
import { logger } from './logger';

/** Games in the profile's history (SPEC §9: profile history 20). */
export const PROFILE_HISTORY_LIMIT = 20;

/** Rated games the profile's rating graph reaches back over: enough for a season of play. */
export const RATING_GRAPH_LIMIT = 100;

/** Name shown in the profile's history for an opponent whose profile was not found (SPEC §2). */
export const UNKNOWN_PLAYER = 'Unknown Player';

/** SPEC §3, profile. */
export interface Profile {
  id: string;
  username: string;
  created_at: string;
  elo_rating: number;
  games_played: number;
  games_won: number;
}

/** What get_user_stats answers (its shape is ours: SPEC §7 does not show it). */
export interface UserStats {
  elo_rating: number;
  games_played: number;
  games_won: number;
  /** Percentage 0–100. */
  win_rate: number;
  /** Exact: get_user_stats answers it as text. */
  best_ai_score: bigint | null;
  ai_games: number;
}

/** The Competitive Stats cards. */
export interface CompetitiveStats {
  eloRating: number;
  gamesPlayed: number;
  gamesWon: number;
  /** Rounded percentage, 0 with no games. */
  winRate: number;
}

export type GameOutcome = 'Won' | 'Lost' | 'Draw';

/** One game of Recent Games, from the signed-in user's side. */
export interface HistoryEntry {
  id: string;
  outcome: GameOutcome;
  myScore: bigint;
  opponentScore: bigint;
  opponentName: string;
  scoringMechanism: string;
  boardSize: number;
  /** The user's rating after minus before. */
  eloChange: number;
  createdAt: string;
  /** The game's CC1 record, for its replay; null for a game kept before results kept their moves. */
  record: string | null;
}

/** The user's rating at a moment: before their first graphed game, then after each. */
export interface RatingPoint {
  at: string;
  rating: number;
}

export interface ProfileData {
  profile: Profile;
  stats: CompetitiveStats;
  history: HistoryEntry[];
  /** Oldest first; empty before the first rated game (or when the graph could not be read). */
  ratings: RatingPoint[];
}

// ---------------------------------------------------------------------------------------------
// Pure helpers

/** Rounded win percentage; 0 when no games were played (SPEC §2). */
export function winRatePercent(gamesWon: number, gamesPlayed: number): number {
  if (!(gamesPlayed > 0)) return 0;
  return Math.round((100 * gamesWon) / gamesPlayed);
}

/** The cards' numbers: the stats function's when it answered, else the profile row's. */
export function competitiveStats(profile: Profile, stats: UserStats | null): CompetitiveStats {
  const source = stats ?? profile;
  return {
    eloRating: source.elo_rating,
    gamesPlayed: source.games_played,
    gamesWon: source.games_won,
    winRate: winRatePercent(source.games_won, source.games_played),
  };
}

/** Which player the user was in a result, or null if neither. */
function sideOf(record: GameResultRecord, userId: string): 1 | 2 | null {
  if (record.player1_id === userId) return 1;
  if (record.player2_id === userId) return 2;
  return null;
}

/** The user's rating change in a result (after minus before); 0 if they were not in it. */
export function eloChangeFor(record: GameResultRecord, userId: string): number {
  const side = sideOf(record, userId);
  if (side === 1) return record.player1_elo_after - record.player1_elo_before;
  if (side === 2) return record.player2_elo_after - record.player2_elo_before;
  return 0;
}

/** Won, Lost or Draw (no winner) from the user's side. */
export function outcomeFor(record: GameResultRecord, userId: string): GameOutcome {
  if (record.winner_id === null) return 'Draw';
  return record.winner_id === userId ? 'Won' : 'Lost';
}

/** A stored record the replay can open, else null: the row's text is parsed here, at the edge. */
export function replayableRecord(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return parseRecord(value).ok ? value : null;
}

/**
 * The user's rating over their rated games, oldest first: the rating before the first of them,
 * then after each. `records` are newest first, as the data API answers them.
 */
export function ratingPoints(records: readonly GameResultRecord[], userId: string): RatingPoint[] {
  const oldestFirst = records.filter((r) => sideOf(r, userId) !== null).reverse();
  const first = oldestFirst[0];
  if (!first) return [];
  const before = sideOf(first, userId) === 1 ? first.player1_elo_before : first.player2_elo_before;
  return [
    { at: first.created_at, rating: before },
    ...oldestFirst.map((r) => ({ at: r.created_at, rating: sideOf(r, userId) === 1 ? r.player1_elo_after : r.player2_elo_after })),
  ];
}

/** A result seen from the user's side, the opponent's name resolved ('Unknown Player' if not). */
export function toHistoryEntry(
  record: GameResultRecord,
  userId: string,
  names: ReadonlyMap<string, string>,
  text: string | null = null,
): HistoryEntry {
  const asPlayer2 = sideOf(record, userId) === 2;
  const opponentId = asPlayer2 ? record.player1_id : record.player2_id;
  return {
    id: record.id,
    outcome: outcomeFor(record, userId),
    myScore: asPlayer2 ? record.player2_score : record.player1_score,
    opponentScore: asPlayer2 ? record.player1_score : record.player2_score,
    opponentName: names.get(opponentId) ?? UNKNOWN_PLAYER,
    scoringMechanism: stripCellPrefix(record.scoring_mechanism),
    boardSize: record.board_size,
    eloChange: eloChangeFor(record, userId),
    createdAt: record.created_at,
    record: text,
  };
}

/** A user id is a UUID; anything else is refused before it reaches an `or` filter string. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUserId(value: string): boolean {
  return UUID.test(value);
}

function failure(error: { message?: unknown } | null | undefined, fallback: string): Error {
  return new Error(typeof error?.message === 'string' && error.message !== '' ? error.message : fallback);
}

// ---------------------------------------------------------------------------------------------
// Calls

/** Read one profiles row by id. Null when there is none; throws the API's error. */
export async function fetchProfile(client: SupabaseClient, userId: string): Promise<Profile | null> {
  const { data, error } = await client
    .from('profiles')
    .select('id, username, created_at, elo_rating, games_played, games_won')
    .eq('id', userId)
    .limit(1);
  if (error) throw failure(error, 'Failed to load profile');
  const row = rowsOf(data)[0];
  if (!row) return null;
  return {
    id: str(row.id),
    username: str(row.username),
    created_at: str(row.created_at),
    elo_rating: num(row.elo_rating, 1200),
    games_played: num(row.games_played),
    games_won: num(row.games_won),
  };
}

/** Server function get_user_stats(user_id). Null when it answers no row; throws its error. */
export async function fetchUserStats(client: SupabaseClient, userId: string): Promise<UserStats | null> {
  const { data, error } = await client.rpc('get_user_stats', { user_id: userId });
  if (error) throw failure(error, 'Failed to load stats');
  const row = rowsOf(data)[0];
  if (!row) return null;
  return {
    elo_rating: num(row.elo_rating, 1200),
    games_played: num(row.games_played),
    games_won: num(row.games_won),
    win_rate: num(row.win_rate),
    best_ai_score: exactScoreOrNull(row.best_ai_score),
    ai_games: num(row.ai_games),
  };
}

/**
 * Read game_results where the user is player 1 or 2, newest first, limit 20, each from the
 * user's side with the opponent's name. Null data gives []; throws the API's error.
 */
export async function fetchGameHistory(client: SupabaseClient, userId: string): Promise<HistoryEntry[]> {
  if (!isUserId(userId)) throw new Error('Invalid user id');
  const { data, error } = await client
    .from('game_results')
    .select(`${GAME_RESULT_COLUMNS}, record`)
    .or(`player1_id.eq.${userId},player2_id.eq.${userId}`)
    .order('created_at', { ascending: false })
    .limit(PROFILE_HISTORY_LIMIT);
  if (error) throw failure(error, 'Failed to load game history');
  const rows = rowsOf(data);
  const records = rows.map(parseGameResult);
  if (records.length === 0) return [];
  const names = await fetchPlayerNames(
    client,
    records.map((r) => (r.player2_id === userId ? r.player1_id : r.player2_id)),
  );
  return records.map((record, i) => toHistoryEntry(record, userId, names, replayableRecord(rows[i]?.record)));
}

/** The rating graph's points: the user's last RATING_GRAPH_LIMIT rated games. Throws the API's error. */
export async function fetchRatingHistory(client: SupabaseClient, userId: string): Promise<RatingPoint[]> {
  if (!isUserId(userId)) throw new Error('Invalid user id');
  const { data, error } = await client
    .from('game_results')
    .select(GAME_RESULT_COLUMNS)
    .or(`player1_id.eq.${userId},player2_id.eq.${userId}`)
    .order('created_at', { ascending: false })
    .limit(RATING_GRAPH_LIMIT);
  if (error) throw failure(error, 'Failed to load the rating history');
  return ratingPoints(rowsOf(data).map(parseGameResult), userId);
}

/**
 * Everything the profile page shows. Throws when the profile cannot be read; a failing stats
 * call falls back to the profile row's numbers.
 */
export async function loadProfileData(client: SupabaseClient, userId: string): Promise<ProfileData> {
  const [profile, stats, history, ratings] = await Promise.all([
    fetchProfile(client, userId),
    fetchUserStats(client, userId).catch((error: unknown) => {
      logger.warn('User stats unavailable:', error);
      return null;
    }),
    fetchGameHistory(client, userId),
    // The graph is a picture of what the cards say: the page stands without it.
    fetchRatingHistory(client, userId).catch((error: unknown) => {
      logger.warn('Rating history unavailable:', error);
      return [];
    }),
  ]);
  if (!profile) throw new Error('Profile not found');
  return { profile, stats: competitiveStats(profile, stats), history, ratings };
}
