/**
 * /multiplayer/game (SPEC §2 "Multiplayer game"): the server's game state drawn with the
 * single-device page's board and scores. Without a room it goes back to /multiplayer.
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { parseBoardState, type BoardState, type CellPosition, type Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { canRequestUndo, incomingUndo, isLocalTurn, localIndex } from '../../machines/room.machine';
import type { GameStateView } from '../../protocol/messages';
import { GameBoard } from '../board/GameBoard';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { Modal } from '../dialogs/Modal';
import { ScoreDisplay } from '../score/ScoreDisplay';
import { AwayNotice } from './AwayNotice';
import { RematchPanel } from './RematchPanel';
import { useRoom } from './useRoom';
import '../theme/theme.css';
import '../theme/buttons.css';
import './multiplayer.css';

export default function MultiplayerGamePage() {
  const { context } = useRoom();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    loadEngine().then(setEngine, (error: unknown) => setFailure(String(error)));
  }, []);

  if (!context.currentRoom) return <Navigate to="/multiplayer" replace />;
  if (failure) return <p role="alert">Could not load the game engine: {failure}</p>;
  if (!engine || !context.gameState) return <p className="page-loading">Loading the game…</p>;
  return <OnlineGame engine={engine} gameState={context.gameState} />;
}

/** The server's board, parsed once here at the edge; an unreadable one shows as empty. */
function boardOf(view: GameStateView): BoardState {
  const parsed = parseBoardState(view.boardState);
  if (parsed.ok) return parsed.value;
  console.error('Unreadable board from the server:', parsed.error);
  return { occupiedCells: [new Set(), new Set()], gridWidth: view.boardState.gridWidth, gridHeight: view.boardState.gridHeight };
}

function OnlineGame({ engine, gameState }: { engine: Engine; gameState: GameStateView }) {
  const navigate = useNavigate();
  const { context, busy, send } = useRoom();
  const [confirmForfeit, setConfirmForfeit] = useState(false);
  const [annotations, setAnnotations] = useState({ showText: true, showLines: true });
  const board = useMemo(() => boardOf(gameState), [gameState]);
  const mode = gameState.scoringMechanism;
  const groups = useMemo(() => engine.groups(board, mode), [engine, board, mode]);
  const breakdown = useMemo<[number[], number[]]>(
    () => [groups.filter((g) => g.player === 0).map((g) => g.value), groups.filter((g) => g.player === 1).map((g) => g.value)],
    [groups],
  );
  const { players, currentRoom } = context;
  const names: [string, string] = [players[0]?.username ?? 'Player 1', players[1]?.username ?? 'Player 2'];
  const myTurn = isLocalTurn(context);
  const over = gameState.progress === 'over' || currentRoom?.status === 'finished';
  const toMove = players[gameState.currentPlayer];
  const absent = players.find((p, index) => !p.connected && index !== localIndex(context));
  const undoToAnswer = incomingUndo(context);
  const lastMove: CellPosition | undefined = gameState.lastMove ? { gridX: gameState.lastMove.col, gridY: gameState.lastMove.row } : undefined;

  const leaveTo = (to: string) => {
    send({ type: 'room.leave' });
    navigate(to);
  };

  return (
    <main className="multiplayer multiplayer-game">
      <h1>{currentRoom ? `Room: ${currentRoom.code}` : 'Multiplayer Game'}</h1>
      <p className="multiplayer-turn" role="status" data-testid="turn-indicator">
        {over ? 'Game over' : myTurn ? 'Your turn' : `${toMove?.username ?? 'Opponent'}'s turn`}
      </p>
      {absent && !over && <AwayNotice name={absent.username} until={context.awayUntil[absent.id]} />}
      <ScoreDisplay scores={gameState.scores} groups={breakdown} currentPlayer={gameState.currentPlayer} names={names} progress={over ? 'over' : 'playing'} />
      <div className="multiplayer-board">
        <GameBoard
          board={board}
          mode={mode}
          groups={groups}
          annotations={annotations}
          currentPlayer={gameState.currentPlayer}
          interactive={myTurn && !over}
          lastMove={lastMove}
          // SPEC §7: row is the cell's y, col its x. Off-turn clicks are ignored by the machine too.
          onPlace={(cell) => send({ type: 'cell.place', row: cell.gridY, col: cell.gridX })}
          onToggleAnnotations={() => setAnnotations((a) => ({ showText: !a.showText, showLines: !a.showLines }))}
          predict={(cell, player) => {
            const result = engine.predict(board, cell, player, mode);
            return result.ok ? result.prediction : null;
          }}
        />
      </div>
      {context.connectionError && (
        <p className="multiplayer-error" role="alert">
          {context.connectionError}
        </p>
      )}
      <RematchPanel context={context} busy={busy} send={send} />
      <div className="multiplayer-actions">
        <button type="button" className="button" disabled={!canRequestUndo(context)} onClick={() => send({ type: 'undo.request' })}>
          Request Undo
        </button>
        <button type="button" className="button button-danger" disabled={over} onClick={() => setConfirmForfeit(true)}>
          Forfeit
        </button>
      </div>
      <footer className="multiplayer-actions">
        <button type="button" className="button" onClick={() => leaveTo('/multiplayer')}>
          Back to Lobby
        </button>
        <button type="button" className="button" onClick={() => leaveTo('/home')}>
          Home
        </button>
      </footer>
      <ConfirmDialog
        open={confirmForfeit}
        title="Forfeit"
        message="Are you sure you want to forfeit the game?"
        confirmText="Forfeit"
        cancelText="Cancel"
        variant="danger"
        onConfirm={() => {
          setConfirmForfeit(false);
          send({ type: 'forfeit' });
        }}
        onCancel={() => setConfirmForfeit(false)}
      />
      <Modal open={undoToAnswer !== null} title="Undo Request" onClose={() => {}} closeOnOverlay={false}>
        <p>Opponent requests to undo their last move</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => send({ type: 'undo.respond', approved: false })}>
            Reject
          </button>
          <button type="button" className="button button-primary" onClick={() => send({ type: 'undo.respond', approved: true })}>
            Approve
          </button>
        </div>
      </Modal>
    </main>
  );
}
