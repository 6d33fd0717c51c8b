/**
 * /multiplayer/watch/CODE: a room's game as a spectator sees it, live: the board (read
 * only), both players' names and scores drawn by the players' own components, whose turn it is,
 * the number watching, and the result once the game is over. Nothing here can act on the game.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { resultText } from '../../machines/room.rules';
import type { GameStateView } from '../../protocol/messages';
import { seatName } from '../../protocol/rules';
import { formatRecord } from '../../game/record';
import { recordOfOnlineGame } from '../../game/replay';
import { mirrorRuleOn } from '../../protocol/rules';
import { ActionBar, ActionButton } from '../layout/ActionBar';
import { useGameSounds } from '../sound/useGameSounds';
import { OnlineBoard, useOnlineGame } from './OnlineGameView';
import { OnlineEnd } from './OnlineEnd';
import { OnlineLayout } from './OnlineLayout';
import { OnlineMoveList } from './OnlineMoveList';
import { OnlineStrip, winningSeat } from './OnlineStrip';
import { useOnlineMoves } from './useOnlineMoves';
import { useWatch } from './useWatch';
import { watchingText, type WatchState } from './watchState';
import '../theme/theme.css';
import '../theme/buttons.css';
import './multiplayer.css';

export default function SpectatorPage() {
  const code = (useParams().code ?? '').trim().toUpperCase();
  const watch = useWatch(code);
  const navigate = useNavigate();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    loadEngine().then(setEngine, (error: unknown) => setFailure(String(error)));
  }, []);

  const back = (
    <ActionBar label="Actions">
      <ActionButton label="Back to Lobby" short="Lobby" aria-label="Back to Lobby" icon="back" onClick={() => navigate('/multiplayer')} />
    </ActionBar>
  );
  if (failure) return <p role="alert">Could not load the game engine: {failure}</p>;
  if (watch.status === 'refused' || !watch.room || !watch.gameState || !engine) {
    return (
      <main className="multiplayer multiplayer-watch">
        <h1>Watching room {code}</h1>
        <WatchStatus watch={watch} />
        {back}
      </main>
    );
  }
  return <WatchedGame engine={engine} watch={watch} gameState={watch.gameState} back={back} />;
}

/** Before there is a game to show: connecting, refused (with the server's text) or waiting for the players. */
function WatchStatus({ watch }: { watch: WatchState }) {
  if (watch.status === 'refused') {
    return (
      <p className="multiplayer-error" role="alert">
        {watch.error}
      </p>
    );
  }
  if (!watch.room) return <p className="multiplayer-note">{watch.error ?? 'Connecting to server...'}</p>;
  return (
    <>
      <p className="multiplayer-note" role="status">
        Waiting for the game to start…
      </p>
      <ul className="multiplayer-players" aria-label="Players">
        {watch.room.players.map((player) => (
          <li key={player.id} data-testid="room-player">
            {player.username}
          </li>
        ))}
      </ul>
      <p className="multiplayer-note" data-testid="watching-count">
        {watchingText(watch.spectators)}
      </p>
    </>
  );
}

interface WatchedGameProps {
  engine: Engine;
  watch: WatchState;
  gameState: GameStateView;
  back: ReactNode;
}

function WatchedGame({ engine, watch, gameState, back }: WatchedGameProps) {
  const game = useOnlineGame(engine, gameState);
  const moves = useOnlineMoves(game.board, game.lastMove);
  const over = gameState.progress === 'over' || watch.room?.status === 'finished' || (watch.result !== null && watch.room?.status !== 'playing');
  const result = over ? resultText(gameState, watch.result) : null;
  // The trophy goes to the winner: the server's word for a forfeit or a flag, not the higher score.
  const winner = winningSeat(gameState, watch.result, over);
  const timeControl = watch.room?.settings.timeControl ?? 'untimed';
  useGameSounds(gameState, over, null);
  const strip = (seat: 0 | 1) => <OnlineStrip game={game} gameState={gameState} seat={seat} timeControl={timeControl} over={over} winner={winner} />;
  const record = formatRecord(
    recordOfOnlineGame(moves, {
      board: game.board,
      mode: gameState.scoringMechanism,
      scores: gameState.scores,
      over,
      winner: watch.result?.winner ?? undefined,
      mirrorRule: watch.room ? mirrorRuleOn(watch.room.settings) : undefined,
    }),
  );

  return (
    <OnlineLayout
      className="multiplayer-watch"
      mode={gameState.scoringMechanism}
      room={
        <>
          <h2 className="online-watch-title">Watching room {watch.room?.code}</h2>
          <p className="multiplayer-note" data-testid="watching-count">
            {watchingText(watch.spectators)}
          </p>
        </>
      }
      status={
        <p className="online-status" role="status" data-testid="turn-indicator">
          {over ? 'Game over' : `${seatName(gameState, gameState.currentPlayer)}'s turn`}
        </p>
      }
      top={strip(0)}
      bottom={strip(1)}
      board={<OnlineBoard engine={engine} game={game} gameState={gameState} interactive={false} onPlace={() => {}} />}
      moves={<OnlineMoveList moves={moves} height={game.board.gridHeight} names={game.names} />}
      below={
        <>
          {watch.status === 'connecting' && watch.error && <p className="multiplayer-note">{watch.error}</p>}
          {over && <OnlineEnd result={result} names={game.names} ratings={null} record={record} />}
        </>
      }
      actions={back}
    />
  );
}
