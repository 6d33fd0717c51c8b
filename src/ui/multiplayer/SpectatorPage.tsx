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
import { OnlineBoard, OnlinePanel, useOnlineGame } from './OnlineGameView';
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
    <footer className="multiplayer-actions">
      <button type="button" className="button" onClick={() => navigate('/multiplayer')}>
        Back to Lobby
      </button>
    </footer>
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
  const over = gameState.progress === 'over' || watch.room?.status === 'finished';
  const result = over ? resultText(gameState, watch.result) : null;

  return (
    <main className="multiplayer multiplayer-game multiplayer-watch">
      <div className="multiplayer-head">
        <h1>Watching room {watch.room?.code}</h1>
        <p className="multiplayer-turn" role="status" data-testid="turn-indicator">
          {over ? 'Game over' : `${seatName(gameState, gameState.currentPlayer)}'s turn`}
        </p>
        {result && (
          <p className="multiplayer-result" data-testid="game-result">
            {result}
          </p>
        )}
        <p className="multiplayer-note" data-testid="watching-count">
          {watchingText(watch.spectators)}
        </p>
        {watch.status === 'connecting' && watch.error && <p className="multiplayer-note">{watch.error}</p>}
      </div>
      <OnlinePanel game={game} gameState={gameState} timeControl={watch.room?.settings.timeControl ?? 'untimed'} over={over} />
      <OnlineBoard engine={engine} game={game} gameState={gameState} interactive={false} onPlace={() => {}} />
      <div className="multiplayer-controls">{back}</div>
    </main>
  );
}
