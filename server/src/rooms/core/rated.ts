/**
 * What a finished game between two signed-in players asks of the rating write (the reducer's
 * side: step.ts carries it, store/rated-results.ts writes it) and what that write answers.
 */
import type { MoveView, UnratedReason } from '../../../../src/protocol';
import type { Outgoing } from './step';

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

/** A game's end as the rating write left it: both rating changes, or why it was not rated (store/rated-results.ts). */
export function withRatings(out: Outgoing, ratings: RatingOutcome): Outgoing {
  if ('unrated' in ratings) {
    const { unrated } = ratings;
    if (out.event === 'game:finished') return { ...out, payload: { ...out.payload, unrated } };
    return out.event === 'game:forfeited' ? { ...out, payload: { ...out.payload, unrated } } : out;
  }
  if (out.event !== 'game:finished') return out;
  const [p0, p1] = out.payload.room.players;
  return {
    ...out,
    payload: {
      ...out.payload,
      ratings: [
        { playerId: p0?.id ?? '', ...ratings.player1 },
        { playerId: p1?.id ?? '', ...ratings.player2 },
      ],
    },
  };
}
