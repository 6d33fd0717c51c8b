import { describe, expect, it } from 'vitest';
import { EXPERT_GAME_NODES } from './computer';
import { createGame } from './game';
import { DEFAULT_SETTINGS } from './settings';
import { gameDuration, initialSubmitted, scorePayload, shouldSubmitScore, submissionStep } from './submission';
import type { GameState, Progress, Settings, Snapshot } from './types';

const ALICE = { id: 'u-alice', username: 'Alice' };
const AI: Settings = { ...DEFAULT_SETTINGS, playerMode: 'ai', aiDifficulty: 'hard', boardSize: '8', scoringMechanism: 'expansion' };

function finished(scores: [bigint, bigint], settings: Settings = AI, progress: Progress = 'over'): GameState {
  return { ...createGame(settings, 1), scores, progress };
}

describe('shouldSubmitScore', () => {
  it('submits a signed-in win against the AI', () => {
    expect(shouldSubmitScore(ALICE, AI, finished([12n, 10n]))).toBe(true);
  });

  it('submits a loss too: someone won, and the human scored', () => {
    expect(shouldSubmitScore(ALICE, AI, finished([10n, 12n]))).toBe(true);
  });

  it('not when signed out', () => {
    expect(shouldSubmitScore(null, AI, finished([12n, 10n]))).toBe(false);
  });

  it('not between two players on one device', () => {
    const twoPlayers: Settings = { ...AI, playerMode: 'user' };
    expect(shouldSubmitScore(ALICE, twoPlayers, finished([12n, 10n], twoPlayers))).toBe(false);
  });

  it('not when a hint was used', () => {
    expect(shouldSubmitScore(ALICE, AI, { ...finished([12n, 10n]), hintUsed: true })).toBe(false);
  });

  it('not on a draw', () => {
    expect(shouldSubmitScore(ALICE, AI, finished([9n, 9n]))).toBe(false);
  });

  it("not when the human's score is 0", () => {
    expect(shouldSubmitScore(ALICE, AI, finished([0n, 5n]))).toBe(false);
  });

  it('not before the game is over', () => {
    for (const progress of ['pregame', 'playing', 'waiting'] as const) {
      expect(shouldSubmitScore(ALICE, AI, finished([12n, 10n], AI, progress))).toBe(false);
    }
  });
});

describe('scorePayload', () => {
  it('fills every field of SPEC §3 for the human (player 0) against the AI', () => {
    const game = finished([48n, 30n]);
    expect(scorePayload(ALICE, AI, game, 1_000, 73_900)).toEqual({
      user_id: 'u-alice',
      username: 'Alice',
      score: '48',
      board_size: 8,
      scoring_mechanism: 'expansion',
      game_duration: 72,
      opponent_type: 'ai',
      ai_difficulty: 'hard',
      opponent_score: '30',
      game_id: '1',
      record: 'CC1 8x8 expansion: *',
      ai_seed: 1,
      ai_nodes: null,
    });
  });

  it("carries the game's record and what the computer played with: the seed, and Expert's node budget", () => {
    const expert: Settings = { ...AI, aiDifficulty: 'expert', firstPlayer: 'ai', boardSize: '6', scoringMechanism: 'connection' };
    const game = finished([12n, 10n], expert);
    // The computer (Player 2) moved first, to 2-3: c3 on a board 6 rows tall.
    const afterMove: Snapshot = {
      ...game.history[0]!,
      currentPlayer: 0,
      boardState: { ...game.boardState, occupiedCells: [new Set(), new Set(['2-3'])] },
    };
    const played: GameState = { ...game, history: [game.history[0]!, afterMove], gameId: 2 ** 32 + 7 };
    const payload = scorePayload(ALICE, expert, played, 0, 5_000);
    expect(payload).toMatchObject({ record: 'CC1 6x6 connection p2-first: c3 *', ai_seed: 7, ai_nodes: EXPERT_GAME_NODES, game_id: String(2 ** 32 + 7) });
  });

  it('board_size is a number, scores stay player 0 first when the AI opened', () => {
    const aiFirst: Settings = { ...AI, firstPlayer: 'ai', boardSize: '10', scoringMechanism: 'connection', aiDifficulty: 'easy' };
    const payload = scorePayload(ALICE, aiFirst, finished([7n, 20n], aiFirst), 0, 5_000);
    expect(payload).toMatchObject({ board_size: 10, score: '7', opponent_score: '20', ai_difficulty: 'easy', scoring_mechanism: 'connection' });
    expect(typeof payload.board_size).toBe('number');
  });

  it('sends a score past 2^64 as its exact decimal digits (High Scores stores numeric)', () => {
    const large: Settings = { ...AI, boardSize: '16' };
    const payload = scorePayload(ALICE, large, finished([2n ** 96n + 1n, 2n ** 64n], large), 0, 5_000);
    expect(payload).toMatchObject({ board_size: 16, score: '79228162514264337593543950337', opponent_score: '18446744073709551616' });
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
  });
});

describe('gameDuration', () => {
  it('whole seconds from when play began', () => {
    expect(gameDuration(1_000, 1_000)).toBe(0);
    expect(gameDuration(1_000, 1_999)).toBe(0);
    expect(gameDuration(1_000, 2_000)).toBe(1);
    expect(gameDuration(0, 125_400)).toBe(125);
  });

  it('0 when play never began or the clock went back', () => {
    expect(gameDuration(null, 5_000)).toBe(0);
    expect(gameDuration(5_000, 1_000)).toBe(0);
  });
});

describe('once per game', () => {
  type Seen = [gameId: number, progress: Progress];
  const run = (start: number | null, seen: Seen[]) => {
    let handedIn = start;
    const handIns: boolean[] = [];
    for (const [gameId, progress] of seen) {
      const step = submissionStep(handedIn, { gameId, progress });
      handedIn = step.handedIn;
      handIns.push(step.handIn);
    }
    return handIns;
  };

  it('hands in once when progress becomes over, however often over is seen', () => {
    const seen: Seen[] = [[1, 'pregame'], [1, 'playing'], [1, 'waiting'], [1, 'playing'], [1, 'over'], [1, 'over'], [1, 'over']];
    expect(run(null, seen)).toEqual([false, false, false, false, true, false, false]);
  });

  it('Show Results after closing Game Results on a full board does not hand the score in again', () => {
    // Closing the dialog sets progress to playing; Show Results makes it over again, same game.
    expect(run(null, [[1, 'playing'], [1, 'over'], [1, 'playing'], [1, 'over'], [1, 'playing'], [1, 'over']])).toEqual([
      false, true, false, false, false, false,
    ]);
  });

  it('an undo played out to the end again is still the same game: not handed in twice', () => {
    expect(run(null, [[1, 'over'], [1, 'playing'], [1, 'waiting'], [1, 'over']])).toEqual([true, false, false, false]);
  });

  it('Play Again starts a new game, handed in when it ends', () => {
    expect(run(null, [[1, 'over'], [2, 'pregame'], [2, 'playing'], [2, 'over'], [2, 'over']])).toEqual([
      true, false, false, true, false,
    ]);
  });

  it('a page opened on a game already over does not hand it in again', () => {
    expect(initialSubmitted({ gameId: 7, progress: 'over' })).toBe(7);
    expect(initialSubmitted({ gameId: 7, progress: 'playing' })).toBeNull();
    expect(run(initialSubmitted({ gameId: 7, progress: 'over' }), [[7, 'over'], [7, 'playing'], [7, 'over']])).toEqual([
      false, false, false,
    ]);
    expect(run(initialSubmitted({ gameId: 7, progress: 'playing' }), [[7, 'over']])).toEqual([true]);
  });
});
