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
  const run = (start: boolean, progresses: Progress[]) => {
    let submitted = start;
    const handIns: boolean[] = [];
    for (const progress of progresses) {
      const step = submissionStep(submitted, progress);
      submitted = step.submitted;
      handIns.push(step.handIn);
    }
    return handIns;
  };

  it('hands in once when progress becomes over, however often over is seen', () => {
    expect(run(false, ['pregame', 'playing', 'waiting', 'playing', 'over', 'over', 'over'])).toEqual([
      false, false, false, false, true, false, false,
    ]);
  });

  it('resets when progress is playing again (a new game, or an undo after the end)', () => {
    expect(run(false, ['playing', 'over', 'pregame', 'playing', 'over'])).toEqual([false, true, false, false, true]);
    expect(run(false, ['over', 'playing', 'over'])).toEqual([true, false, true]);
  });

  it('waiting and pregame keep the flag', () => {
    expect(run(true, ['waiting', 'over'])).toEqual([false, false]);
    expect(run(true, ['pregame', 'over'])).toEqual([false, false]);
  });

  it('a page opened on a game already over does not hand it in again', () => {
    expect(initialSubmitted('over')).toBe(true);
    expect(initialSubmitted('playing')).toBe(false);
    expect(run(initialSubmitted('over'), ['over', 'over'])).toEqual([false, false]);
  });
});
