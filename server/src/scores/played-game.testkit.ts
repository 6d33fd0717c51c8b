/**
 * A game against the computer played in Node exactly as the game page plays it: the page's rules
 * (game/game.ts), its computer asked with the very request the page's statechart sends its Web
 * Worker (game/computer.ts; the worker calls chooseMove with it), SPEC §8's fallback as the page
 * applies it, and the score the page then submits (game/submission.ts). For tests and journeys
 * that need real high scores: only games that were played are verified.
 */
import type { CellPosition, Engine } from '../../../src/engine';
import { computerMover, fallbackSeed, gameComputerRequest } from '../../../src/game/computer';
import { createGame, freeCells, placeCell, setProgress } from '../../../src/game/game';
import { DEFAULT_SETTINGS, HUMAN, isComputer } from '../../../src/game/settings';
import { scorePayload, type ScorePayload, type Submitter } from '../../../src/game/submission';
import type { GameState, Settings } from '../../../src/game/types';

/** The human's move in a position (the human is player 0). */
export type HumanPlayer = (game: GameState, engine: Engine) => CellPosition;

export interface PlayedGame {
  game: GameState;
  /** What the page submits for it (whether or not the page would: a draw, say, it does not). */
  payload: ScorePayload;
}

export interface GameToPlay {
  user: Submitter;
  settings: Partial<Settings>;
  /** The game's id: when it was created, which also seeds the computer. */
  gameId: number;
  human: HumanPlayer;
}

const cellsOf = (game: GameState): CellPosition[] => {
  const { gridWidth, gridHeight } = game.boardState;
  return Array.from({ length: gridWidth * gridHeight }, (_, i) => ({ gridX: i % gridWidth, gridY: Math.floor(i / gridWidth) }));
};
const isFree = (game: GameState, { gridX, gridY }: CellPosition) =>
  !game.boardState.occupiedCells[0].has(`${gridX}-${gridY}`) && !game.boardState.occupiedCells[1].has(`${gridX}-${gridY}`);

/** Expert's search for the human, on a small budget (beats Easy and Medium, often Hard). */
export const expertHuman =
  (nodeLimit = 20_000): HumanPlayer =>
  (game, engine) =>
    engine.chooseMove({
      board: game.boardState,
      player: HUMAN,
      level: 'expert',
      mode: game.scoringMechanism,
      seed: game.history.length,
      nodeLimit,
      ...(game.mirrorRule ? { mirrorRule: true } : {}),
    })!.cell;

/** The first free cell, row by row: a weak player. */
export const firstFreeHuman: HumanPlayer = (game) => cellsOf(game).find((cell) => isFree(game, cell))!;

/**
 * Answers each of the computer's moves with the cell turned half a turn about the centre: moving
 * second on a board with an even side, that always ends in a draw.
 */
export const mirrorHuman: HumanPlayer = (game, engine) => {
  const { gridWidth, gridHeight } = game.boardState;
  const turn = (cell: CellPosition) => ({ gridX: gridWidth - 1 - cell.gridX, gridY: gridHeight - 1 - cell.gridY });
  const answer = cellsOf(game).find((cell) => !isFree(game, cell) && isFree(game, turn(cell)));
  return answer ? turn(answer) : firstFreeHuman(game, engine);
};

/** Plays one whole game as the page would, and what the page submits for it. */
export function playAgainstComputer(engine: Engine, { user, settings, gameId, human }: GameToPlay): PlayedGame {
  const full: Settings = { ...DEFAULT_SETTINGS, ...settings, playerMode: 'ai' };
  const startedAt = Date.now();
  let game = setProgress(createGame(full, gameId), 'playing');
  while (freeCells(game) > 0) {
    let cell: CellPosition | null;
    if (isComputer(full, game.currentPlayer)) {
      const proposal = engine.chooseMove(gameComputerRequest(game, full.aiDifficulty))?.cell ?? null;
      cell = engine.resolveMove(game.boardState, proposal, fallbackSeed(game), computerMover(game));
    } else {
      cell = human(game, engine);
    }
    const placed = cell ? placeCell(game, cell, engine) : null;
    if (!placed?.ok) throw new Error(`move ${game.history.length} could not be played: ${placed ? placed.reason : 'no cell'}`);
    game = placed.state;
  }
  return { game, payload: scorePayload(user, full, game, startedAt, Date.now()) };
}
