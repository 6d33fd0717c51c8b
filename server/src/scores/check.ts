/**
 * Whether a submitted high score is a game that was played (SPEC §7 High Scores): its record
 * replays through the engine, every move legal (under "No mirroring" where the record says nomirror), the board full, the scores the row's, and every
 * move of the computer exactly what its level plays there with the game's seed and budget
 * (game/computer.ts, the rule the game page plays by). Pure: a submission and the engine in, a
 * verdict out, with the first thing wrong in a sentence. Cheap checks first; the computer's moves
 * (up to a second each at Expert) last.
 */
import { AI_LEVELS, type AiLevel, type Engine } from '../../../src/engine';
import { computerRequest, gameNodeLimit } from '../../../src/game/computer';
import { cellName } from '../../../src/game/notation';
import { parseRecord } from '../../../src/game/record';
import { replayRecord } from '../../../src/game/replay';
import { COMPUTER, HUMAN } from '../../../src/game/settings';

/** The columns of a game_scores row that the check reads. */
export interface Submission {
  record: string | null;
  ai_seed: number | null;
  ai_nodes: number | null;
  ai_difficulty: string | null;
  opponent_type: string;
  /** Exact (a numeric column, read as text). */
  score: bigint;
  opponent_score: bigint | null;
  board_size: number;
  scoring_mechanism: string;
}

export type Verdict = { verified: true } | { verified: false; reason: string };

export type CheckEngine = Pick<Engine, 'play' | 'chooseMove'>;

const LEVEL_NAMES: Record<AiLevel, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert' };

const rejected = (reason: string): Verdict => ({ verified: false, reason });

const isLevel = (value: string | null): value is AiLevel => AI_LEVELS.some((level) => level === value);

/** What the computer played with, or why it cannot be known. */
function computerOf(submission: Submission): { level: AiLevel; seed: number } | { reason: string } {
  const { ai_difficulty: difficulty, ai_seed: seed, ai_nodes: nodes } = submission;
  if (submission.opponent_type !== 'ai') {
    return { reason: `Only games against the computer are high scores; this one was against a ${submission.opponent_type}.` };
  }
  if (!isLevel(difficulty)) return { reason: `Unknown difficulty "${String(difficulty)}": it is easy, medium, hard or expert.` };
  if (seed === null) return { reason: 'The seed the computer played with is missing.' };
  const budget = gameNodeLimit(difficulty);
  if (nodes !== budget) {
    const name = LEVEL_NAMES[difficulty];
    return {
      reason:
        budget === null
          ? `${name} plays without a node budget; this score names ${nodes}.`
          : `${name} plays with ${budget} positions a move; this score names ${nodes ?? 'none'}.`,
    };
  }
  return { level: difficulty, seed };
}

/** The verdict on one submission. */
export function checkSubmission(submission: Submission, engine: CheckEngine): Verdict {
  const computer = computerOf(submission);
  if ('reason' in computer) return rejected(computer.reason);
  if (submission.record === null) return rejected('The score carries no game record: it was submitted before records and cannot be replayed.');
  const parsed = parseRecord(submission.record);
  if (!parsed.ok) return rejected(`The game record cannot be read: ${parsed.error}`);
  const record = parsed.record;
  const side = submission.board_size;
  if (record.width !== side || record.height !== side) {
    return rejected(`The record is of a ${record.width}x${record.height} board; the score says ${side}x${side}.`);
  }
  if (record.mode !== submission.scoring_mechanism) {
    return rejected(`The record is scored by ${record.mode}; the score says ${submission.scoring_mechanism}.`);
  }
  const replayed = replayRecord(record, engine);
  if (!replayed.ok) return rejected(`The record is not a legal game: ${replayed.error}`);
  const steps = replayed.steps;
  if (record.moves.length !== side * side) {
    return rejected(`The game is not finished: ${record.moves.length} of ${side * side} cells are taken.`);
  }
  const final = steps[steps.length - 1]!.scores;
  if (submission.score !== final[HUMAN] || submission.opponent_score !== final[COMPUTER]) {
    return rejected(
      `The score says ${submission.score} to ${String(submission.opponent_score)}; the game's board scores ${final[HUMAN]} to ${final[COMPUTER]}.`,
    );
  }
  for (const [index, move] of record.moves.entries()) {
    if (steps[index + 1]!.player !== COMPUTER) continue;
    // A nomirror record was played under "No mirroring": the computer kept to the rule then, so it does here.
    const turn = { board: steps[index]!.board, mode: record.mode, movesPlayed: index, mirrorRule: record.mirrorRule === true };
    const played = engine.chooseMove(computerRequest(turn, computer.level, computer.seed))?.cell;
    if (!played || played.gridX !== move.gridX || played.gridY !== move.gridY) {
      const instead = played ? ` (it plays ${cellName(played, side)})` : '';
      return rejected(`Move ${index + 1}, ${cellName(move, side)}, is not what ${LEVEL_NAMES[computer.level]} plays there with seed ${computer.seed}${instead}.`);
    }
  }
  return { verified: true };
}
