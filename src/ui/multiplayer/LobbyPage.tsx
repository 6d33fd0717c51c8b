/**
 * /multiplayer (SPEC §2 "Multiplayer lobby", "In a room"): create or join a room, then the
 * room itself. When the game starts everyone moves to /multiplayer/game.
 */
import { lazy, Suspense, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ERRORS } from '../../machines/room.machine';
import { ROOM_CODE_LENGTH } from '../../protocol/messages';
import { useAuth } from '../auth/AuthProvider';
import { OfflineNotice } from '../offline/OfflineNotice';
import { useOnline } from '../offline/useOnline';
import { OpenGames } from './OpenGames';
import { PlayerNameField, lobbyAccountName, nameToPlay } from './PlayerNameField';
import { QuickPlayPanel } from './QuickPlayPanel';
import { RoomNoticeDialog } from './RoomNoticeDialog';
import { RoomPanel } from './RoomPanel';
import { ServerNotice } from './ServerNotice';
import { useOpenGames } from './useOpenGames';
import { useRoom } from './useRoom';
import { WatchForm } from './WatchForm';
import '../theme/theme.css';
import '../theme/buttons.css';
import './multiplayer.css';

// The game's view, in its own chunk as on its route: the lobby shows it for a room whose game ended.
const FinishedGame = lazy(() => import('./MultiplayerGamePage'));

export default function LobbyPage() {
  const navigate = useNavigate();
  const { context, busy, send } = useRoom();
  const online = useOnline();
  const status = context.currentRoom?.status;

  useEffect(() => {
    if (status === 'playing') navigate('/multiplayer/game');
  }, [status, navigate]);

  const home = () => {
    if (context.currentRoom) send({ type: 'room.leave' });
    if (context.pool) send({ type: 'pool.leave' });
    navigate('/home');
  };

  // SPEC §4: after a forfeit the player is back in the lobby route, in the room, where the finished
  // game stays: its final board, the result, the ratings, Rematch, Analysis and New opponent.
  const gameEnded = context.gameState !== null && context.finish !== null && (status === 'finished' || status === 'waiting');
  if (context.currentRoom && gameEnded) {
    return (
      <Suspense fallback={<p className="page-loading">Loading the game…</p>}>
        <FinishedGame />
      </Suspense>
    );
  }

  return (
    <main className="multiplayer">
      <ServerNotice context={context} />
      {context.currentRoom ? (
        <>
          {!online && <OfflineNotice needs="Online play" />}
          <RoomPanel context={context} busy={busy} send={send} />
        </>
      ) : online ? (
        <Lobby />
      ) : (
        // Offline, the forms could only wait: the message says why. socket.io reconnects by
        // itself once the network is back, and the lobby returns.
        <section className="multiplayer-lobby" aria-label="Lobby">
          <h1>Multiplayer</h1>
          <OfflineNotice needs="Online play" />
        </section>
      )}
      {context.connectionError && (online || context.currentRoom) && (
        <p className="multiplayer-error" role="alert">
          {context.connectionError}
        </p>
      )}
      <button type="button" className="button" onClick={home}>
        Back to Home
      </button>
      <RoomNoticeDialog />
    </main>
  );
}

function Lobby() {
  const auth = useAuth();
  const { context, busy, send } = useRoom();
  // A signed-in player plays under their account's username, never another (the server holds
  // to it too); an anonymous player types a name.
  const accountName = lobbyAccountName(auth.user?.username);
  const [typedName, setTypedName] = useState('');
  const username = nameToPlay(accountName, typedName);
  // An invite link (/multiplayer?room=CODE) fills the code: the friend only types a name.
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => invitedCode(params.get('room')));
  const invited = code !== '';
  const connected = context.isConnected;
  // Looking for an opponent (quick play) is the one thing under way until paired or cancelled.
  const waiting = busy || !connected || context.pool !== null;
  const hasName = username.trim() !== '';
  const hasCode = code.trim() !== '';
  // Not while a join is under way: one that fails may leave the page connected to another node
  // (a room lives on one of several nodes), whose lobby it then subscribes to.
  const openGames = useOpenGames(connected && !context.isJoiningRoom);
  // Away from the lobby's forms (another page, offline) nobody is looking for an opponent.
  useEffect(() => () => send({ type: 'pool.leave' }), [send]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'room.create', username });
  };
  const join = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'room.join', code, username });
  };

  // SPEC §2 keeps the buttons disabled without a username (or a code, to join); SPEC §5 and §8
  // say why: on Enter in an empty field (a disabled button swallows it) and on leaving one.
  const missing = (field: 'username' | 'roomCode') => send({ type: 'lobby.missing', field });
  const enter = (event: KeyboardEvent<HTMLInputElement>, why: 'username' | 'roomCode' | null) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || why === null) return;
    event.preventDefault();
    missing(why);
  };
  // Typing into the field named by the message takes the message away.
  const typed = (message: string, value: string) => {
    if (context.connectionError === message && value.trim() !== '') send({ type: 'error.clear' });
  };

  return (
    <section className="multiplayer-lobby" aria-label="Lobby">
      <h1>Multiplayer</h1>
      {!connected && <p className="multiplayer-note">Connecting to server...</p>}
      <form className="multiplayer-form" onSubmit={create}>
        <PlayerNameField
          accountName={accountName}
          value={typedName}
          autoFocus={invited && !hasName}
          onChange={(value) => {
            setTypedName(value);
            typed(ERRORS.username, value);
          }}
          onKeyDown={(e) => enter(e, hasName ? null : 'username')}
          onBlur={() => {
            if (!hasName) missing('username');
          }}
        />
        <button type="submit" className="button button-primary" disabled={waiting || !hasName}>
          {context.isCreatingRoom ? 'Creating...' : 'Create Room'}
        </button>
      </form>
      <form className="multiplayer-form" onSubmit={join}>
        <label htmlFor="mp-code">Room code</label>
        <div className="multiplayer-join">
          <input
            id="mp-code"
            value={code}
            maxLength={ROOM_CODE_LENGTH}
            autoComplete="off"
            placeholder="ABC123"
            className="multiplayer-code"
            onChange={(e) => {
              setCode(e.target.value.toUpperCase());
              typed(ERRORS.roomCode, e.target.value);
            }}
            onKeyDown={(e) => enter(e, !hasCode ? 'roomCode' : !hasName ? 'username' : null)}
            onBlur={() => {
              if (!hasCode) missing('roomCode');
            }}
          />
          <button type="submit" className="button" disabled={waiting || !hasName || !hasCode}>
            {context.isJoiningRoom ? 'Joining...' : 'Join'}
          </button>
        </div>
      </form>
      <QuickPlayPanel username={username} context={context} busy={busy} send={send} />
      {/* Open games: one click joins under the name above; without one the lobby asks for it. */}
      <OpenGames games={openGames} disabled={waiting} join={(open) => send({ type: 'room.join', code: open, username })} />
      <WatchForm />
    </section>
  );
}

/** The code from an invite link, as the code field would hold it; '' for anything else. */
function invitedCode(raw: string | null): string {
  const code = (raw ?? '').trim().toUpperCase();
  return /^[A-Z0-9]+$/.test(code) ? code.slice(0, ROOM_CODE_LENGTH) : '';
}
