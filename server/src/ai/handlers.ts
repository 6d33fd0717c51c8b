/**
 * What POST /move and POST /evaluate compute, as plain replies: the engine calls and the
 * response shapes of SPEC §7. Routing, bodies and headers live in app.ts.
 */
import { EngineError, type BoardState, type GameRules, type PlayerIndex, type ScoringMechanism } from '../../../src/engine';
import type { AiMove, AiRequest, CellEvaluation, EndgameSolution, SolveRequest } from '../../../src/engine/ai-types';
import type { AiPayload } from './payload';

/** The part of the engine this server uses (the full Engine satisfies it). */
export interface AiEngine {
  chooseMove(request: AiRequest): AiMove | null;
  evaluateCells(board: BoardState, player: PlayerIndex, mode: ScoringMechanism, rules?: GameRules): CellEvaluation[];
  /** The exact endgame solver (optional: a stand-in engine may leave it out). */
  solve?(request: SolveRequest): EndgameSolution | null;
}

export interface Reply {
  status: number;
  body: unknown;
}

export const failure = (status: number, error: string): Reply => ({ status, body: { success: false, error } });

export function move(engine: AiEngine, payload: AiPayload): Reply {
  return guarded(() => {
    const { board, player, level, mode, seed, timeMs, mirrorRule } = payload;
    const chosen = engine.chooseMove({ board, player, level, mode, seed, timeMs, mirrorRule });
    // A full board is an ordinary outcome of a finished game, not a bad request.
    if (!chosen) return { status: 200, body: { success: false, error: 'No free cell left' } };
    const { gridX, gridY } = chosen.cell;
    return { status: 200, body: { success: true, move: { gridX, gridY } } };
  });
}

/**
 * Exact numbers (gains, final differences) leave as decimal strings, every digit: past 2^53, as
 * large boards score, a JSON number would be rounded. Signed: a gain or a difference may be negative.
 */
const exactText = (value: bigint): string => value.toString();

export function evaluate(engine: AiEngine, payload: AiPayload): Reply {
  return guarded(() => {
    const { board, player, mode, timeMs, mirrorRule } = payload;
    const evaluations = engine.evaluateCells(board, player, mode, { mirrorRule }).map(({ cell, prediction, value }) => ({
      gridX: cell.gridX,
      gridY: cell.gridY,
      playerGain: exactText(prediction.playerGain),
      opponentGain: exactText(prediction.opponentGain),
      net: exactText(prediction.net),
      value,
    }));
    // Where the solver reaches: the exact final score difference with best play
    // for the mover, a best move and each legal cell's exact value; else null.
    const solved = engine.solve?.({ board, player, mode, timeMs, mirrorRule }) ?? null;
    const exact = solved && {
      value: exactText(solved.value),
      best: { gridX: solved.best.gridX, gridY: solved.best.gridY },
      cells: solved.cells.map(({ cell, value }) => ({ gridX: cell.gridX, gridY: cell.gridY, value: exactText(value) })),
    };
    return { status: 200, body: { success: true, evaluations, exact } };
  });
}

/**
 * The payload was parsed, so an EngineError here is about the position itself (a hand-made board
 * whose score passes 2^128): the request is well-formed but cannot be answered, hence 422.
 * Anything else is a bug and propagates to the 500 handler.
 */
function guarded(compute: () => Reply): Reply {
  try {
    return compute();
  } catch (error) {
    if (error instanceof EngineError) return failure(422, error.message);
    throw error;
  }
}
