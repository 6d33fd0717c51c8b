/**
 * What a finished game between two signed-in players asks of the rating write (the reducer's
 * side: step.ts carries it, store/rated-results.ts writes it) and what that write answers.
 */
import type { MoveView, UnratedReason } from '../../../../src/protocol';

export interface RatedGame {
  player1Id: string; // user id of player 0
  player2Id: string; // user id of player 1
  /** Exact (numeric columns): written as decimal strings. */
  scores: readonly [bigint, bigint];
  winner: 0 | 1 | 'draw';
  scoringMechanism: string;
  boardSize: number;
  /** The game was played under "No mirroring" (game_results.mirror_rule); absent: without it. */
  mirrorRule?: boolean;
  /** The game's moves in order, kept as its record (game_results.record) for the players' replays. */
  moves?: readonly MoveView[];
}

export interface RatingChanges {
  resultId: number;
  player1: { before: number; after: number };
  player2: { before: number; after: number };
}

/** What the rating write did: both ratings changed, or the game was not rated and why. */
export type RatingOutcome = RatingChanges | { unrated: UnratedReason };
