/**
 * The computer's moves in a game on one device (SPEC §4 "AI move"), as one rule shared by the game
 * page, the server's check of a high score and the tests: every move comes from the game's own
 * seed and, for Expert, a budget of positions instead of seconds, so a game's record replays move
 * for move (SPEC §7 High Scores: a score shown is a game that was played).
 */
import type { AiLevel, AiRequest, BoardState, Mover, ScoringMechanism } from '../engine';
import { COMPUTER } from './settings';
import type { GameState } from './types';

/**
 * Expert's budget per move in a game: positions searched, never time, so the same position always
 * gives the same move on any machine. It takes about what its usual second takes (a search stops
 * once past half its time): 1.5 million positions took 0.47 to 0.67 s a move on 6×6 to 10×10 before
 * Expert learned its evaluation, which costs it about a fifth of its positions per second.
 */
export const EXPERT_GAME_NODES = 1_200_000;

/** The computer's seed for a game: the game's id (when it was created), which is saved with it. */
export function gameSeed(gameId: number): number {
  return gameId >>> 0;
}

/** A level's budget in a game: Expert's positions per move; the spec's levels need none (null). */
export function gameNodeLimit(level: AiLevel): number | null {
  return level === 'expert' ? EXPERT_GAME_NODES : null;
}

/** The seed of one move: the game's seed plus the number of that move (the first move is 1). */
export function moveSeed(seed: number, movesPlayed: number): number {
  return (seed + movesPlayed + 1) >>> 0;
}

/** Where the computer is asked to move: the board, the mode, how many moves made it, and whether "No mirroring" holds. */
export interface ComputerTurn {
  board: BoardState;
  mode: ScoringMechanism;
  movesPlayed: number;
  mirrorRule?: boolean;
}

/** What the engine is asked for the computer's move at a level in a game with this seed. */
export function computerRequest({ board, mode, movesPlayed, mirrorRule }: ComputerTurn, level: AiLevel, seed: number): AiRequest {
  const nodeLimit = gameNodeLimit(level);
  return {
    board,
    player: COMPUTER,
    level,
    mode,
    seed: moveSeed(seed, movesPlayed),
    ...(nodeLimit === null ? {} : { nodeLimit }),
    // Under "No mirroring" every level keeps to the rule: the computer never proposes a copy.
    ...(mirrorRule ? { mirrorRule: true } : {}),
  };
}

/** Moves made so far in a game on one device: its history holds the first position, then one per move. */
function movesPlayed(game: GameState): number {
  return game.history.length - 1;
}

/** The computer's request in a game on one device, at its position now. */
export function gameComputerRequest(game: GameState, level: AiLevel): AiRequest {
  const turn = { board: game.boardState, mode: game.scoringMechanism, movesPlayed: movesPlayed(game), mirrorRule: game.mirrorRule };
  return computerRequest(turn, level, gameSeed(game.gameId));
}

/** The seed of SPEC §8's fallback (a random free cell) when the computer's search gives none. */
export function fallbackSeed(game: GameState): number {
  return moveSeed(gameSeed(game.gameId), movesPlayed(game));
}

/** Who the computer's resolved move is for (SPEC §8's fallbacks keep to the game's rules too). */
export function computerMover(game: GameState): Mover {
  return { player: game.currentPlayer, mode: game.scoringMechanism, mirrorRule: game.mirrorRule };
}
