/**
 * The leaderboard's data calls (SPEC §7, Data API) and their pure helpers.
 * Every call takes the Supabase client as a parameter so the service has no set-up of its own.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { GameOutcome } from './profile';
import { logger } from './logger';

/** Rows per leaderboard list (SPEC §9: leaderboard 50, AI leaderboard 50, game results 50). */
export const LEADERBOARD_LIMIT = 50;

export const LEADERBOARD_SCORING_MODES = ['connection', 'expansion', 'extension'] as const;
export type LeaderboardScoringMode = (typeof LEADERBOARD_SCORING_MODES)[number];

/** The spec's sizes, then the large boards (SPEC §5: 6–16 even). */
export const LEADERBOARD_BOARD_SIZES = [6, 8, 10, 12, 14, 16] as const;
export type LeaderboardBoardSize = (typeof LEADERBOARD_BOARD_SIZES)[number];

/** Optional filters of Game Results and High Scores; a missing one means "all". */
export interface LeaderboardFilters {
  scoringMechanism?: LeaderboardScoringMode | undefined;
  boardSize?: LeaderboardBoardSize | undefined;
}

/** SPEC §3, ELO leaderboard row. `win_rate` is a percentage (0–100). */
export interface EloLeaderboardRow {
  rank: number;
  user_id: string;
  username: string;
  elo_rating: number;
  win_rate: number;
  games_played: number;
}

/** SPEC §3, game result record, as read from game_results. */
export interface GameResultRecord {
  id: string;
  player1_id: string;
  player2_id: string;
  /** Exact (numeric columns, read as text). */
  player1_score: bigint;
  player2_score: bigint;
  /** Null means a draw. */
  winner_id: string | null;
  /** May carry a 'cell-' prefix (SPEC §3). */
  scoring_mechanism: string;
  board_size: number;
  created_at: string;
  player1_elo_before: number;
  player1_elo_after: number;
  player2_elo_before: number;
  player2_elo_after: number;
  /** Played under "No mirroring" (false for every game before the rule, and where the column is not read). */
  mirror_rule?: boolean;
}

/** A game result as the Game Results tab shows it: winner first, names resolved. */
export interface GameResultEntry {
  id: string;
  winnerName: string;
  loserName: string;
  winnerScore: bigint;
  loserScore: bigint;
  isDraw: boolean;
  scoringMechanism: string;
  boardSize: number;
  createdAt: string;
  /** Played under "No mirroring": the tab says so beside the game. */
  mirrorRule?: boolean;
}

/** SPEC §3, AI high score row. `ai_difficulty` is null when missing. */
export interface AiHighScoreRow {
  id: string;
  username: string;
  ai_difficulty: string | null;
  /** Exact (a numeric column, read as text). */
  score: bigint;
  opponent_score: bigint | null;
}

/** Name shown on the leaderboard for a player whose profile was not found (SPEC §2). */
export const UNKNOWN_NAME = 'Unknown';

// ---------------------------------------------------------------------------------------------
// Pure helpers

/** Difficulty order (SPEC §9, plus our Expert above Hard): expert 4, hard 3, medium 2, easy 1. */
export function difficultyRank(difficulty: string | null | undefined): number {
  switch (difficulty) {
    case 'expert':
      return 4;
    case 'hard':
      return 3;
    case 'medium':
      return 2;
    case 'easy':
      return 1;
    default:
      return 0;
  }
}

/** Score minus the AI's score; a missing AI score counts as 0 (SPEC §7). */
export function scoreMargin(row: Pick<AiHighScoreRow, 'score' | 'opponent_score'>): bigint {
  return row.score - (row.opponent_score ?? 0n);
}

/** -1, 0 or 1 as a is below, equal to or above b (exact numbers cannot be subtracted into a sort's number). */
const compareExact = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether the player won the game a high score was made in: their score against the AI's, as
 * the end of a game decides (the higher score wins). Null when the AI's score was not stored.
 */
export function aiGameOutcome(row: Pick<AiHighScoreRow, 'score' | 'opponent_score'>): GameOutcome | null {
  if (row.opponent_score === null) return null;
  if (row.score > row.opponent_score) return 'Won';
  return row.score < row.opponent_score ? 'Lost' : 'Draw';
}

/** The client re-sort of SPEC §7: harder first, then larger margin first. Returns a new array. */
export function sortAiHighScores<T extends Pick<AiHighScoreRow, 'ai_difficulty' | 'score' | 'opponent_score'>>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) => difficultyRank(b.ai_difficulty) - difficultyRank(a.ai_difficulty) || compareExact(scoreMargin(b), scoreMargin(a)),
  );
}

/** 'cell-connection' → 'connection' (game results may carry the prefix, SPEC §3). */
export function stripCellPrefix(mechanism: string): string {
  return mechanism.startsWith('cell-') ? mechanism.slice('cell-'.length) : mechanism;
}

/** A game result as the Game Results tab shows it; draws keep player 1 in the winner column. */
export function toGameResultEntry(record: GameResultRecord, names: ReadonlyMap<string, string>): GameResultEntry {
  const player2Won = record.winner_id !== null && record.winner_id === record.player2_id;
  const [winnerId, loserId] = player2Won ? [record.player2_id, record.player1_id] : [record.player1_id, record.player2_id];
  const [winnerScore, loserScore] = player2Won
    ? [record.player2_score, record.player1_score]
    : [record.player1_score, record.player2_score];
  return {
    id: record.id,
    winnerName: names.get(winnerId) ?? UNKNOWN_NAME,
    loserName: names.get(loserId) ?? UNKNOWN_NAME,
    winnerScore,
    loserScore,
    isDraw: record.winner_id === null,
    scoringMechanism: stripCellPrefix(record.scoring_mechanism),
    boardSize: record.board_size,
    createdAt: record.created_at,
    mirrorRule: record.mirror_rule === true,
  };
}

// ---------------------------------------------------------------------------------------------
// Row parsing: the API answers JSON; numbers may come as strings (bigint, numeric).

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function rowsOf(data: unknown): Row[] {
  if (Array.isArray(data)) return data.filter(isRow);
  return isRow(data) ? [data] : [];
}

export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

export function numOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = num(value, NaN);
  return Number.isNaN(n) ? null : n;
}

const SCORE_TEXT = /^(?:0|[1-9][0-9]{0,38})$/;

/**
 * An exact score as the API answers it: a decimal string (the reads cast numeric to text, so every
 * digit arrives) or, from an older server, a safe whole number. Anything else is `fallback`.
 */
export function exactScore(value: unknown, fallback = 0n): bigint {
  if (typeof value === 'string' && SCORE_TEXT.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return fallback;
}

export function exactScoreOrNull(value: unknown): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = exactScore(value, -1n);
  return parsed < 0n ? null : parsed;
}

export function str(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return fallback;
}

export function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function parseGameResult(row: Row): GameResultRecord {
  return {
    id: str(row.id),
    player1_id: str(row.player1_id),
    player2_id: str(row.player2_id),
    player1_score: exactScore(row.player1_score),
    player2_score: exactScore(row.player2_score),
    winner_id: strOrNull(row.winner_id),
    scoring_mechanism: str(row.scoring_mechanism),
    board_size: num(row.board_size),
    created_at: str(row.created_at),
    player1_elo_before: num(row.player1_elo_before),
    player1_elo_after: num(row.player1_elo_after),
    player2_elo_before: num(row.player2_elo_before),
    player2_elo_after: num(row.player2_elo_after),
    mirror_rule: row.mirror_rule === true,
  };
}

/**
 * game_results' columns as the reads ask for them: the scores cast to text, since the data API
 * answers numeric as a JSON number, which loses digits past 2^53.
 */
export const GAME_RESULT_COLUMNS =
  'id, player1_id, player2_id, player1_score::text, player2_score::text, winner_id, scoring_mechanism, board_size, created_at, ' +
  'player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after, mirror_rule';

/** An Error carrying the API's message (or none, so the page shows its own fallback). */
function failure(error: { message?: unknown } | null | undefined): Error {
  return new Error(typeof error?.message === 'string' ? error.message : '');
}

// ---------------------------------------------------------------------------------------------
// Calls

/** Read profiles: select id, username where id in the list. Failures give an empty map. */
export async function fetchPlayerNames(client: SupabaseClient, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id) => id !== ''))];
  const names = new Map<string, string>();
  if (unique.length === 0) return names;
  const { data, error } = await client.from('profiles').select('id, username').in('id', unique);
  if (error) {
    logger.warn('Could not load player names:', error.message);
    return names;
  }
  for (const row of rowsOf(data)) {
    const id = str(row.id);
    const username = strOrNull(row.username);
    if (id !== '' && username !== null) names.set(id, username);
  }
  return names;
}

/** Server function get_elo_leaderboard with limit_rows 50. Throws the API's error. */
export async function fetchEloLeaderboard(client: SupabaseClient): Promise<EloLeaderboardRow[]> {
  const { data, error } = await client.rpc('get_elo_leaderboard', { limit_rows: LEADERBOARD_LIMIT });
  if (error) throw failure(error);
  return rowsOf(data).map((row, index) => ({
    rank: num(row.rank, index + 1),
    user_id: str(row.user_id),
    username: strOrNull(row.username) ?? UNKNOWN_NAME,
    elo_rating: num(row.elo_rating),
    win_rate: num(row.win_rate),
    games_played: num(row.games_played),
  }));
}

/**
 * Read game_results: optional filters, newest first, limit 50, with both players' names.
 * Unavailable results (an error) and null data give an empty list (SPEC §8).
 */
export async function fetchGameResults(
  client: SupabaseClient,
  filters: LeaderboardFilters = {},
): Promise<GameResultEntry[]> {
  let query = client.from('game_results').select(GAME_RESULT_COLUMNS);
  if (filters.scoringMechanism) {
    // Results may carry the 'cell-' prefix (SPEC §3): match both spellings.
    query = query.in('scoring_mechanism', [filters.scoringMechanism, `cell-${filters.scoringMechanism}`]);
  }
  if (filters.boardSize) query = query.eq('board_size', filters.boardSize);
  const { data, error } = await query.order('created_at', { ascending: false }).limit(LEADERBOARD_LIMIT);
  if (error) {
    logger.warn('Game results unavailable:', error.message);
    return [];
  }
  const records = rowsOf(data).map(parseGameResult);
  if (records.length === 0) return [];
  const names = await fetchPlayerNames(
    client,
    records.flatMap((r) => [r.player1_id, r.player2_id]),
  );
  return records.map((record) => toGameResultEntry(record, names));
}

/**
 * Read game_scores against the AI: optional filters, ai_difficulty then score descending,
 * limit 50, then the client re-sort of SPEC §7. Only verified scores: games the server has
 * replayed (a player's own pending or rejected ones are readable to them, but are not high
 * scores). Throws the API's error; null data gives [].
 */
export async function fetchAiHighScores(
  client: SupabaseClient,
  filters: LeaderboardFilters = {},
): Promise<AiHighScoreRow[]> {
  let query = client
    .from('game_scores')
    .select('id, username, ai_difficulty, score::text, opponent_score::text')
    .eq('opponent_type', 'ai')
    .eq('status', 'verified');
  if (filters.scoringMechanism) query = query.eq('scoring_mechanism', filters.scoringMechanism);
  if (filters.boardSize) query = query.eq('board_size', filters.boardSize);
  const { data, error } = await query
    .order('ai_difficulty', { ascending: false })
    .order('score', { ascending: false })
    .limit(LEADERBOARD_LIMIT);
  if (error) throw failure(error);
  const rows = rowsOf(data).map((row) => ({
    id: str(row.id),
    username: strOrNull(row.username) ?? UNKNOWN_NAME,
    ai_difficulty: strOrNull(row.ai_difficulty),
    score: exactScore(row.score),
    opponent_score: exactScoreOrNull(row.opponent_score),
  }));
  return sortAiHighScores(rows);
}
