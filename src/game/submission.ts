/**
 * Score submission (SPEC §4 "Score submission", §5), in our reading: versus the AI only. Pure:
 * whether a finished game is submitted, what is sent, and the once-per-game flag. A score carries
 * its game: the record and what the computer played with, which the server replays before High
 * Scores shows it.
 */
import type { AiLevel, ScoringMechanism } from '../engine';
import { gameNodeLimit, gameSeed } from './computer';
import { formatRecord } from './record';
import { recordOfGame } from './replay';
import { humanPlayer, winnerOf } from './result';
import type { GameState, Settings } from './types';

/** The signed-in player, as much of them as a score needs. */
export interface Submitter {
  id: string;
  username: string;
}

/** The game_scores insert (SPEC §3 "Score submission payload"). */
export interface ScorePayload {
  user_id: string;
  username: string;
  /** The human's score, exact, as a decimal string (a numeric column: it passes 2^53 on large boards). */
  score: string;
  board_size: number;
  scoring_mechanism: ScoringMechanism;
  game_duration: number; // whole seconds from when play began to the end
  opponent_type: 'ai';
  ai_difficulty: AiLevel;
  /** The computer's score, exact, as a decimal string. */
  opponent_score: string;
  /** The game's id (its creation time): the database takes each game once per player. */
  game_id: string;
  /** The game's record (record.ts), e.g. "CC1 6x6 connection: c3 d4 … 1-0". */
  record: string;
  /** The seed the computer played with (computer.ts). */
  ai_seed: number;
  /** Expert's positions per move; null for the levels that need no budget. */
  ai_nodes: number | null;
}

/**
 * Submitted when: signed in, against the AI, the game is over, someone won (not a draw) and the
 * human's score is above 0, and no hint was used.
 */
export function shouldSubmitScore(user: Submitter | null, settings: Settings, game: GameState): boolean {
  if (!user) return false;
  if (settings.playerMode !== 'ai') return false;
  if (game.progress !== 'over') return false;
  if (game.hintUsed) return false;
  if (winnerOf(game.scores) === 'draw') return false;
  return game.scores[humanPlayer()] > 0n;
}

/** Whole seconds from `startedAt` to `endedAt` (0 when play never began or the clock went back). */
export function gameDuration(startedAt: number | null, endedAt: number): number {
  if (startedAt === null) return 0;
  return Math.max(0, Math.floor((endedAt - startedAt) / 1000));
}

/** The row to insert for a finished game against the AI. */
export function scorePayload(
  user: Submitter,
  settings: Settings,
  game: GameState,
  playStartedAt: number | null,
  endedAt: number,
): ScorePayload {
  const human = humanPlayer();
  return {
    user_id: user.id,
    username: user.username,
    score: game.scores[human].toString(),
    board_size: game.boardState.gridWidth,
    scoring_mechanism: game.scoringMechanism,
    game_duration: gameDuration(playStartedAt, endedAt),
    opponent_type: 'ai',
    ai_difficulty: settings.aiDifficulty,
    opponent_score: game.scores[human === 0 ? 1 : 0].toString(),
    game_id: String(game.gameId),
    record: formatRecord(recordOfGame(game)),
    ai_seed: gameSeed(game.gameId),
    ai_nodes: gameNodeLimit(settings.aiDifficulty),
  };
}

/**
 * Once per game (SPEC §4 "Score submission"): `handedIn` is the id of the last game whose end was
 * handled. A game is handed in the first time it is seen over, and never again under the same id:
 * closing Game Results on a full board sets progress to playing, and Show Results (or an undo
 * played out to the end again) makes it over once more, but it is still the same game. Play
 * Again starts a game with a new id, which is handed in when it ends.
 */
export function submissionStep(
  handedIn: number | null,
  game: Pick<GameState, 'gameId' | 'progress'>,
): { handedIn: number | null; handIn: boolean } {
  if (game.progress !== 'over' || handedIn === game.gameId) return { handedIn, handIn: false };
  return { handedIn: game.gameId, handIn: true };
}

/** A game restored already over was handed in (or not) when it ended: never again. */
export function initialSubmitted(game: Pick<GameState, 'gameId' | 'progress'>): number | null {
  return game.progress === 'over' ? game.gameId : null;
}
