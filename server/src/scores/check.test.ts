/**
 * The check of a high score with the real engine: games played as the game page plays them
 * (played-game.testkit.ts) are verified, at every level; anything a forger can change in one is
 * rejected with the first thing wrong.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/engine';
import { loadEngine } from '../../../src/engine/load';
import { EXPERT_GAME_NODES } from '../../../src/game/computer';
import { formatRecord, parseRecord } from '../../../src/game/record';
import type { ScorePayload } from '../../../src/game/submission';
import { checkSubmission, type Submission } from './check';
import { expertHuman, firstFreeHuman, mirrorHuman, playAgainstComputer, type HumanPlayer } from './played-game.testkit';

const ALICE = { id: 'u-alice', username: 'Alice' };

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const submission = (payload: ScorePayload, changes: Partial<Submission> = {}): Submission => ({
  record: payload.record,
  ai_seed: payload.ai_seed,
  ai_nodes: payload.ai_nodes,
  ai_difficulty: payload.ai_difficulty,
  opponent_type: payload.opponent_type,
  score: BigInt(payload.score),
  opponent_score: BigInt(payload.opponent_score),
  board_size: payload.board_size,
  scoring_mechanism: payload.scoring_mechanism,
  ...changes,
});

function played(settings: Parameters<typeof playAgainstComputer>[1]['settings'], gameId: number, human: HumanPlayer = expertHuman()) {
  return playAgainstComputer(engine, { user: ALICE, settings, gameId, human }).payload;
}

const reasonOf = (s: Submission) => {
  const verdict = checkSubmission(s, engine);
  return verdict.verified ? 'verified' : verdict.reason;
};

describe('a game that was played', () => {
  it('is verified at every level, whoever moved first, won or lost', { timeout: 60_000 }, () => {
    const games = [
      played({ aiDifficulty: 'easy' }, 1_700_000_000_001),
      played({ aiDifficulty: 'medium', scoringMechanism: 'expansion', firstPlayer: 'ai' }, 1_700_000_000_002),
      played({ aiDifficulty: 'hard', scoringMechanism: 'extension' }, 1_700_000_000_003, firstFreeHuman),
      played({ aiDifficulty: 'hard', boardSize: '8', firstPlayer: 'ai' }, 1_700_000_000_004),
      // Expert moving second: the mirror answer, then the solver on its node budget.
      played({ aiDifficulty: 'expert' }, 1_700_000_000_005),
    ];
    expect(games.map((game) => reasonOf(submission(game)))).toEqual(games.map(() => 'verified'));
    expect(games[1]!.record).toMatch(/^CC1 6x6 expansion p2-first: /);
    expect(games[4]!.ai_nodes).toBe(EXPERT_GAME_NODES);
    // Won and lost games both stand: the score is what was played.
    expect(games.some((game) => BigInt(game.score) > BigInt(game.opponent_score))).toBe(true);
    expect(games.some((game) => BigInt(game.score) < BigInt(game.opponent_score))).toBe(true);
  });

  it('is verified when drawn too (the page does not submit draws, but one sent is still a real game)', () => {
    const draw = played({ aiDifficulty: 'easy', firstPlayer: 'ai' }, 1_700_000_000_006, mirrorHuman);
    expect(draw.score).toBe(draw.opponent_score);
    expect(reasonOf(submission(draw))).toBe('verified');
  });
});

describe('a game played under No mirroring', () => {
  it('is verified by replaying it under the rule; the same moves without nomirror are not what Expert plays', { timeout: 120_000 }, () => {
    const game = played({ aiDifficulty: 'expert', mirrorRule: true }, 1_700_000_000_008);
    expect(game.record).toMatch(/^CC1 6x6 connection nomirror: /);
    expect(reasonOf(submission(game))).toBe('verified');
    // Without the rule Expert answers the first move with its copy: the record's move 2 is not that.
    const unruled = game.record.replace(' nomirror:', ':');
    expect(reasonOf(submission(game, { record: unruled }))).toMatch(/^Move 2, [a-f][1-6], is not what Expert plays there with seed \d+ \(it plays [a-f][1-6]\)\.$/);
  });

  it('whose moves break the rule is rejected with the move', () => {
    const game = played({ aiDifficulty: 'easy' }, 1_700_000_000_009);
    // c5 then d2: the second move copies the first turned half a turn.
    expect(reasonOf(submission(game, { record: 'CC1 6x6 connection nomirror: c5 d2 *' }))).toBe(
      "The record is not a legal game: Move 2, d2, breaks No mirroring: it copies the other player's cells by a turn or flip of the board.",
    );
  });
});

describe('a forged score', () => {
  let hard: ScorePayload;
  beforeAll(() => {
    hard = played({ aiDifficulty: 'hard' }, 1_700_000_000_007);
  });

  it('with the most a 6x6 board allows and no game behind it is rejected', () => {
    expect(reasonOf(submission(hard, { score: 729n, record: 'CC1 6x6 connection: 1-0' }))).toBe(
      'The game is not finished: 0 of 36 cells are taken.',
    );
    expect(reasonOf(submission(hard, { record: null }))).toBe(
      'The score carries no game record: it was submitted before records and cannot be replayed.',
    );
  });

  it("whose score is not its game's is rejected", () => {
    expect(reasonOf(submission(hard, { score: 729n }))).toBe(
      `The score says 729 to ${hard.opponent_score}; the game's board scores ${hard.score} to ${hard.opponent_score}.`,
    );
    expect(reasonOf(submission(hard, { opponent_score: 1n }))).toMatch(/^The score says \d+ to 1; /);
  });

  it('whose moves are not a legal game is rejected', () => {
    const moves = hard.record.split(': ')[1]!.split(' ');
    const repeated = `CC1 6x6 connection: ${[moves[0], moves[0], ...moves.slice(2)].join(' ')}`;
    expect(reasonOf(submission(hard, { record: repeated }))).toBe(
      `The game record cannot be read: Move 2, ${moves[0]}, is on a cell already taken by move 1.`,
    );
    const offBoard = `CC1 6x6 connection: g7 ${moves.slice(1).join(' ')}`;
    expect(reasonOf(submission(hard, { record: offBoard }))).toBe('The game record cannot be read: Move 1, "g7", is not a cell of a 6x6 board (a1 to f6).');
    expect(reasonOf(submission(hard, { record: 'CC1 6x6 connection: c3 d4' }))).toBe(
      'The game record cannot be read: The result is missing after the last move: 1-0, 0-1, 1/2-1/2 or *.',
    );
  });

  it("whose computer moves are not what Hard plays with the game's seed is rejected", () => {
    // The computer's first and last moves swapped: every move legal, the same final board and scores.
    const record = parseRecord(hard.record);
    if (!record.ok) throw new Error(record.error);
    const moves = [...record.record.moves];
    const last = moves.length - 1; // the human moved first: odd moves (from 0) are the computer's
    [moves[1], moves[last]] = [moves[last]!, moves[1]!];
    const swapped = formatRecord({ ...record.record, moves });
    expect(reasonOf(submission(hard, { record: swapped }))).toMatch(/^Move 2, [a-f][1-6], is not what Hard plays there with seed \d+ \(it plays [a-f][1-6]\)\.$/);
    // The real moves with another seed, or another level, are not Hard's with that seed either.
    expect(reasonOf(submission(hard, { ai_seed: hard.ai_seed + 1 }))).toMatch(/is not what Hard plays there with seed/);
    expect(reasonOf(submission(hard, { ai_difficulty: 'medium' }))).toMatch(/is not what Medium plays there with seed/);
  });

  it('whose game is not the one the row names is rejected: board, mode, who moved first', () => {
    expect(reasonOf(submission(hard, { board_size: 8 }))).toBe('The record is of a 6x6 board; the score says 8x8.');
    expect(reasonOf(submission(hard, { scoring_mechanism: 'expansion' }))).toBe('The record is scored by connection; the score says expansion.');
    const secondFirst = hard.record.replace('CC1 6x6 connection:', 'CC1 6x6 connection p2-first:');
    // Each move then belongs to the other player: the board's scores no longer give its result.
    expect(reasonOf(submission(hard, { record: secondFirst }))).toMatch(/^The record is not a legal game: The record says .+, but its full board scores \d+ to \d+/);
  });

  it('that names a budget other than the game\'s, or no seed, or a human opponent, is rejected', () => {
    expect(reasonOf(submission(hard, { ai_difficulty: 'expert', ai_nodes: 1 }))).toBe(
      `Expert plays with ${EXPERT_GAME_NODES} positions a move; this score names 1.`,
    );
    expect(reasonOf(submission(hard, { ai_nodes: 5 }))).toBe('Hard plays without a node budget; this score names 5.');
    expect(reasonOf(submission(hard, { ai_seed: null }))).toBe('The seed the computer played with is missing.');
    expect(reasonOf(submission(hard, { opponent_type: 'human' }))).toBe('Only games against the computer are high scores; this one was against a human.');
    expect(reasonOf(submission(hard, { ai_difficulty: 'master' }))).toBe('Unknown difficulty "master": it is easy, medium, hard or expert.');
  });
});
