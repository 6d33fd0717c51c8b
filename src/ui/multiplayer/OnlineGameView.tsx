/**
 * A server's game as the players' page (/multiplayer/game) and the spectators' page
 * (/multiplayer/watch/CODE) draw it: the board parsed once at the edge, its groups, the names by
 * seat, and the board that only a player to move can click.
 */
import { useMemo, useState } from 'react';
import { parseBoardState, type BoardState, type CellPosition, type Engine, type Group } from '../../engine';
import type { GameStateView } from '../../protocol/messages';
import { seatName } from '../../protocol/rules';
import { GameBoard } from '../board/GameBoard';
import { logger } from '../../services/logger';

/** The server's board, parsed here at the edge; an unreadable one shows as empty. */
export function boardOf(view: GameStateView): BoardState {
  const parsed = parseBoardState(view.boardState);
  if (parsed.ok) return parsed.value;
  logger.error('Unreadable board from the server:', parsed.error);
  return { occupiedCells: [new Set(), new Set()], gridWidth: view.boardState.gridWidth, gridHeight: view.boardState.gridHeight };
}

export interface OnlineGame {
  board: BoardState;
  groups: Group[];
  /** Each player's group values, for the scores' breakdown. */
  breakdown: [number[], number[]];
  /** From the game's seats: they stay put when a player leaves the room. */
  names: [string, string];
  lastMove: CellPosition | undefined;
}

export function useOnlineGame(engine: Engine, gameState: GameStateView): OnlineGame {
  const board = useMemo(() => boardOf(gameState), [gameState]);
  const mode = gameState.scoringMechanism;
  const groups = useMemo(() => engine.groups(board, mode), [engine, board, mode]);
  const breakdown = useMemo<[number[], number[]]>(
    () => [groups.filter((g) => g.player === 0).map((g) => g.value), groups.filter((g) => g.player === 1).map((g) => g.value)],
    [groups],
  );
  const names: [string, string] = [seatName(gameState, 0), seatName(gameState, 1)];
  const lastMove = gameState.lastMove ? { gridX: gameState.lastMove.col, gridY: gameState.lastMove.row } : undefined;
  return { board, groups, breakdown, names, lastMove };
}

interface OnlineBoardProps {
  engine: Engine;
  game: OnlineGame;
  gameState: GameStateView;
  /** Whether a click places a cell: the player to move, in a game under way. */
  interactive: boolean;
  /** The room plays under "No mirroring": no hover ghost on a cell the rule refuses. */
  mirrorRule?: boolean;
  onPlace(cell: CellPosition): void;
}

/** The board, with its annotations toggle and the move prediction. */
export function OnlineBoard({ engine, game, gameState, interactive, mirrorRule = false, onPlace }: OnlineBoardProps) {
  const [annotations, setAnnotations] = useState({ showText: true, showLines: true });
  const mode = gameState.scoringMechanism;
  return (
    <div className="multiplayer-board">
      <GameBoard
        board={game.board}
        mode={mode}
        groups={game.groups}
        annotations={annotations}
        currentPlayer={gameState.currentPlayer}
        interactive={interactive}
        lastMove={game.lastMove}
        names={game.names}
        onPlace={onPlace}
        onToggleAnnotations={() => setAnnotations((a) => ({ showText: !a.showText, showLines: !a.showLines }))}
        predict={(cell, player) => {
          const result = engine.predict(game.board, cell, player, mode);
          return result.ok ? result.prediction : null;
        }}
        playable={
          mirrorRule
            ? (cell) => engine.play(game.board, cell, gameState.currentPlayer, mode, { mirrorRule: true }).ok
            : undefined
        }
      />
    </div>
  );
}
