/**
 * /multiplayer/game (SPEC §2 "Multiplayer game"): the server's game state drawn with the
 * single-device page's board and scores. Without a room it goes back to /multiplayer.
 */
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Engine, PlayerIndex } from '../../engine';
import { loadEngine } from '../../engine/load';
import {
  canClaimVictory,
  idleText,
  incomingUndo,
  isLocalTurn,
  localSeat,
  ownUndo,
  resultText,
  unratedText,
  undoLeftText,
  undoRequestsLeftOf,
} from '../../machines/room.machine';
import { formatRecord } from '../../game/record';
import { recordOfOnlineGame } from '../../game/replay';
import type { GameStateView } from '../../protocol/messages';
import { mirrorRuleOn, otherPlayer, seatName, seatOf } from '../../protocol/rules';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { Modal } from '../dialogs/Modal';
import { OnlineResults } from '../results/OnlineResults';
import { useGameSounds } from '../sound/useGameSounds';
import { OnlineActions } from './OnlineActions';
import { OnlineBoard, useOnlineGame } from './OnlineGameView';
import { OnlineEnd } from './OnlineEnd';
import { OnlineLayout } from './OnlineLayout';
import { OnlineMoveList } from './OnlineMoveList';
import { OnlineStrip, winningSeat } from './OnlineStrip';
import { AwayNotice } from './AwayNotice';
import { RematchPanel } from './RematchPanel';
import { RoomNoticeDialog } from './RoomNoticeDialog';
import { dismissNotice, useRoomNotice } from './roomNotices';
import { ServerNotice } from './ServerNotice';
import { useOnlineMoves } from './useOnlineMoves';
import { useRoom } from './useRoom';
import { useTurnTitle } from './turnTitle';
import { WatchingCount, WatchLink } from './WatchLink';
import '../theme/theme.css';
import '../theme/buttons.css';
import './multiplayer.css';

export default function MultiplayerGamePage() {
  const { context, send } = useRoom();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Where the player chose to go when leaving: the room is gone in the same render, and the
  // redirect below must not send them to the lobby instead (the router navigates in a transition).
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useEffect(() => {
    loadEngine().then(setEngine, (error: unknown) => setFailure(String(error)));
  }, []);

  if (leavingTo) return <Navigate to={leavingTo} />;
  if (!context.currentRoom) return <Navigate to="/multiplayer" replace />;
  if (failure) return <p role="alert">Could not load the game engine: {failure}</p>;
  if (!engine || !context.gameState) return <p className="page-loading">Loading the game…</p>;
  const leaveTo = (to: string) => {
    setLeavingTo(to);
    send({ type: 'room.leave' });
  };
  return <OnlineGame engine={engine} gameState={context.gameState} leaveTo={leaveTo} />;
}

const LOBBY_PATH = '/multiplayer';

/** What the confirm dialog asks: the Forfeit button, or leaving (Back to Lobby, Home) a game under way. */
type Confirming = { kind: 'forfeit' } | { kind: 'leave'; to: string } | null;

interface OnlineGameProps {
  engine: Engine;
  gameState: GameStateView;
  /** Leaves the room (forfeiting a game under way) and goes to `to`. */
  leaveTo(to: string): void;
}

function OnlineGame({ engine, gameState, leaveTo }: OnlineGameProps) {
  const { context, busy, send } = useRoom();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const game = useOnlineGame(engine, gameState);
  const { board, names } = game;
  const moves = useOnlineMoves(board, game.lastMove, context.currentRoom?.code);
  const { players, currentRoom } = context;
  const me = localSeat(context);
  const opponent = me === null ? 'Your opponent' : seatName(gameState, otherPlayer(me));
  const myTurn = isLocalTurn(context);
  // Why the server refused this player's move ("No mirroring"…): shown while the turn is still theirs.
  const refusal = context.moveRefusal;
  // Over until the next game starts: a rematch asked for takes the room back to waiting, and the
  // final board, the result and Rematch stay meanwhile (a forfeit leaves the game's progress as it was).
  const over = gameState.progress === 'over' || currentRoom?.status === 'finished' || (context.finish !== null && currentRoom?.status !== 'playing');
  const playing = currentRoom?.status === 'playing' && !over;
  const absent = players.find((p) => !p.connected && p.id !== context.localPlayerId && seatOf(gameState, p.id) !== undefined);
  const undoToAnswer = incomingUndo(context);
  const myUndo = ownUndo(context);
  const result = over ? resultText(gameState, context.finish) : null;
  const unrated = over && context.finish?.unrated ? unratedText(context.finish.unrated) : null;
  const notice = useRoomNotice();
  // SPEC §4: a forfeit alerts '{player} forfeited the game!' and returns to the lobby: to the room
  // in the lobby route, which shows this same finished game (LobbyPage), with the alert over it.
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (notice?.backToLobby && pathname !== LOBBY_PATH) navigate(LOBBY_PATH, { replace: true });
  }, [notice, pathname, navigate]);
  // A game that ended on a full board: Game Results, until closed or a rematch begins.
  const resultsOpen = notice?.finished === true && over;
  useTurnTitle(myTurn && !over);
  useGameSounds(gameState, over, me);
  const winner = winningSeat(gameState, context.finish, over);
  const ratings = context.finish?.ratings ?? null;
  const mirrorRule = mirrorRuleOn(context.roomSettings);
  const record = formatRecord(
    // The record says nomirror, so its replay and review keep the room's rule.
    recordOfOnlineGame(moves, { board, mode: gameState.scoringMechanism, scores: gameState.scores, over, winner: context.finish?.winner, mirrorRule }),
  );

  // SPEC §5: leaving a game under way forfeits it, so it asks first (the machine forfeits, then leaves).
  const leave = (to: string) => (playing ? setConfirming({ kind: 'leave', to }) : leaveTo(to));
  const strip = (seat: PlayerIndex) => (
    <OnlineStrip
      game={game}
      gameState={gameState}
      seat={seat}
      timeControl={context.roomSettings.timeControl}
      over={over}
      winner={winner}
      you={seat === me}
      rating={ratings?.[seat]?.after}
    />
  );
  // The opponent above the board, the player below (a spectator's view keeps green on top).
  const [top, bottom]: [PlayerIndex, PlayerIndex] = me === null ? [0, 1] : [otherPlayer(me), me];

  return (
    <OnlineLayout
      mode={gameState.scoringMechanism}
      room={
        <>
          <ServerNotice context={context} />
          {currentRoom && <h2 className="online-room-code">Room: {currentRoom.code}</h2>}
          {currentRoom && <WatchingCount code={currentRoom.code} />}
        </>
      }
      status={
        <p className="online-status" role="status" data-testid="turn-indicator">
          {over ? 'Game over' : myTurn ? 'Your turn' : `${seatName(gameState, gameState.currentPlayer)}'s turn`}
        </p>
      }
      top={strip(top)}
      bottom={strip(bottom)}
      board={
        <OnlineBoard
          engine={engine}
          game={game}
          gameState={gameState}
          interactive={myTurn && !over}
          mirrorRule={mirrorRule}
          // SPEC §7: row is the cell's y, col its x. Off-turn clicks are ignored by the machine too.
          onPlace={(cell) => send({ type: 'cell.place', row: cell.gridY, col: cell.gridX })}
        />
      }
      moves={<OnlineMoveList moves={moves} height={board.gridHeight} names={names} />}
      below={
        <>
          {refusal && myTurn && !over && (
            <p className="multiplayer-error" role="alert" data-testid="move-refused">
              {refusal}
            </p>
          )}
          {context.connectionError && (
            <p className="multiplayer-error" role="alert">
              {context.connectionError}
            </p>
          )}
          {absent && !over && <AwayNotice name={absent.username} until={context.awayUntil[absent.id]} />}
          {canClaimVictory(context) && me !== null && (
            <section className="multiplayer-claim" aria-label="Claim victory">
              <p className="multiplayer-note">{idleText(gameState, me)}</p>
              <button type="button" className="button button-primary" disabled={busy} onClick={() => send({ type: 'victory.claim' })}>
                Claim victory
              </button>
            </section>
          )}
          {over && (
            <OnlineEnd
              result={result}
              names={names}
              ratings={ratings}
              note={unrated}
              record={record}
              rematch={resultsOpen ? null : <RematchPanel context={context} busy={busy} send={send} />}
              onNewOpponent={() => leave('/multiplayer')}
            />
          )}
          {myUndo && playing && <p className="multiplayer-note">Waiting for {opponent} to answer your undo request…</p>}
          {playing && (
            <p id="mp-undo-left" className="multiplayer-caption" data-testid="undo-left">
              {undoLeftText(undoRequestsLeftOf(context))}
            </p>
          )}
          {currentRoom && <WatchLink code={currentRoom.code} />}
        </>
      }
      actions={<OnlineActions context={context} busy={busy} send={send} playing={playing} over={over} onLeave={leave} onForfeit={() => setConfirming({ kind: 'forfeit' })} />}
    >
      <ConfirmDialog
        open={confirming !== null}
        title="Forfeit"
        message="Are you sure you want to forfeit the game?"
        confirmText="Forfeit"
        cancelText="Cancel"
        variant="danger"
        onConfirm={() => {
          setConfirming(null);
          if (confirming?.kind === 'leave') leaveTo(confirming.to);
          else send({ type: 'forfeit' });
        }}
        onCancel={() => setConfirming(null)}
      />
      <OnlineResults
        open={resultsOpen}
        onClose={dismissNotice}
        message={notice?.message ?? ''}
        names={names}
        scores={gameState.scores}
        boardSize={gameState.boardState.gridWidth}
        histories={[gameState.scoreHistory1, gameState.scoreHistory2]}
        occupiedCells={board.occupiedCells[0].size + board.occupiedCells[1].size}
        ratings={ratings}
        casual={context.roomSettings.rated === false}
        mirrorRule={mirrorRule}
        unrated={unrated}
        record={record}
        rematch={<RematchPanel context={context} busy={busy} send={send} />}
        onBackToLobby={() => {
          dismissNotice();
          leave('/multiplayer');
        }}
      />
      <RoomNoticeDialog />
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
    </OnlineLayout>
  );
}
