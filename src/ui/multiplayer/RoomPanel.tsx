/**
 * In a room (SPEC §2): code, countdown, players, the host's settings, ready and start. A room quick
 * play opened for a pair starts by itself with the pool's settings: no invite link, no
 * settings to change and no readiness to give, only who is still on the way.
 */
import { canStart, localIndex, type RoomContext, type RoomEvent } from '../../machines/room.machine';
import { BoardSizeOptions, offeredSize } from '../settings/BoardSizeOptions';
import { ROOM_BOARD_SIZES, TIME_CONTROLS, type RoomSettings, type TimeControl } from '../../protocol/messages';
import { mirrorRuleOn } from '../../protocol/rules';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { timeControlName } from '../clocks/clockFormat';
import { InviteLink } from './InviteLink';
import { WatchingCount, WatchLink } from './WatchLink';

export interface RoomPanelProps {
  context: RoomContext;
  busy: boolean;
  send(event: RoomEvent): void;
}

export function RoomPanel({ context, busy, send }: RoomPanelProps) {
  const { currentRoom, players, roomSettings, gameCountdown } = context;
  if (!currentRoom) return null;
  const me = players[localIndex(context) ?? -1];
  const ready = me?.ready ?? false;
  const waiting = currentRoom.status === 'waiting';
  // Readiness can be withdrawn during the countdown too: that stops it.
  const canToggleReady = waiting || currentRoom.status === 'starting';
  const { quickPlay } = currentRoom;

  return (
    <section className="multiplayer-room" aria-label="Room">
      <h1>Room: {currentRoom.code}</h1>
      {waiting && !quickPlay && <InviteLink code={currentRoom.code} />}
      <WatchLink code={currentRoom.code} />
      <WatchingCount code={currentRoom.code} />
      {waiting && quickPlay && (
        <p className="multiplayer-countdown" role="status">
          Waiting for your opponent to arrive…
        </p>
      )}
      {gameCountdown !== null && (
        <p className="multiplayer-countdown" role="status">
          Game starting in {gameCountdown}...
        </p>
      )}
      <h2>
        Players ({players.length}/{roomSettings.maxPlayers})
      </h2>
      <ul className="multiplayer-players">
        {players.map((player) => (
          <li key={player.id} data-testid="room-player">
            <span>
              {player.username}
              {player.id === context.localPlayerId && ' (You)'}
              {player.id === context.hostId && ' (Host)'}
              {!player.connected && ' (reconnecting…)'}
            </span>
            <span className={player.ready ? 'ready' : 'not-ready'}>{player.ready ? 'Ready' : 'Not Ready'}</span>
          </li>
        ))}
      </ul>
      {currentRoom.isHost && !quickPlay && (
        <fieldset className="multiplayer-settings" disabled={!waiting || busy}>
          <legend>Game Settings</legend>
          <label htmlFor="mp-board-size">Board Size</label>
          <select
            id="mp-board-size"
            value={roomSettings.boardSize}
            onChange={(e) => {
              const boardSize = offeredSize(ROOM_BOARD_SIZES, e.target.value);
              if (boardSize !== null) send({ type: 'settings.update', settings: { boardSize } });
            }}
          >
            <BoardSizeOptions sizes={ROOM_BOARD_SIZES} />
          </select>
          <label htmlFor="mp-scoring">Scoring</label>
          <select id="mp-scoring" value={roomSettings.scoringMechanism} onChange={() => {}}>
            <option value="connection">Connection</option>
            <option value="expansion" disabled>
              Expansion (Coming Soon)
            </option>
            <option value="extension" disabled>
              Extension (Coming Soon)
            </option>
          </select>
          <label htmlFor="mp-game-type">Game Type</label>
          <select
            id="mp-game-type"
            aria-describedby="mp-game-type-hint"
            value={roomSettings.rated === false ? 'casual' : 'rated'}
            onChange={(e) => send({ type: 'settings.update', settings: { rated: e.target.value === 'rated' } })}
          >
            <option value="rated">Rated</option>
            <option value="casual">Casual</option>
          </select>
          <p id="mp-game-type-hint" className="multiplayer-settings-hint">
            A rated game changes the ratings when both players are signed in.
          </p>
          <label htmlFor="mp-time-control">Time Control</label>
          <select
            id="mp-time-control"
            aria-describedby="mp-time-control-hint"
            value={roomSettings.timeControl}
            onChange={(e) => send({ type: 'settings.update', settings: { timeControl: e.target.value as TimeControl } })}
          >
            {TIME_CONTROLS.map((timeControl) => (
              <option key={timeControl} value={timeControl}>
                {timeControlName(timeControl)}
              </option>
            ))}
          </select>
          <p id="mp-time-control-hint" className="multiplayer-settings-hint">
            Minutes each + seconds added per move. A player out of time loses.
          </p>
          <label htmlFor="mp-visibility">Visibility</label>
          <select
            id="mp-visibility"
            aria-describedby="mp-visibility-hint"
            value={roomSettings.visibility === 'public' ? 'public' : 'private'}
            onChange={(e) => send({ type: 'settings.update', settings: { visibility: e.target.value === 'public' ? 'public' : 'private' } })}
          >
            <option value="private">Private</option>
            <option value="public">Public</option>
          </select>
          <p id="mp-visibility-hint" className="multiplayer-settings-hint">
            A public room is listed in the lobby's open games until an opponent joins.
          </p>
          {/* On by default: a rated result should not go to the second player copying the first. */}
          <label className="multiplayer-settings-check" htmlFor="mp-mirror-rule">
            <input
              id="mp-mirror-rule"
              type="checkbox"
              aria-describedby="mp-mirror-rule-hint"
              checked={mirrorRuleOn(roomSettings)}
              onChange={(e) => send({ type: 'settings.update', settings: { mirrorRule: e.target.checked } })}
            />
            {MIRROR_RULE_LABEL}
          </label>
          <p id="mp-mirror-rule-hint" className="multiplayer-settings-hint">
            {MIRROR_RULE_EXPLAINED}
          </p>
        </fieldset>
      )}
      {(!currentRoom.isHost || quickPlay) && <SettingsSummary settings={roomSettings} />}
      {!quickPlay && (
        <div className="multiplayer-actions">
          <button
            type="button"
            className={ready ? 'button' : 'button button-primary'}
            disabled={busy || !canToggleReady}
            onClick={() => send({ type: 'ready.set', ready: !ready })}
          >
            {ready ? 'Not Ready' : 'Ready'}
          </button>
          {canStart(context) && (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => send({ type: 'game.start' })}>
              Start Game
            </button>
          )}
        </div>
      )}
    </section>
  );
}

const SCORING_NAMES = { connection: 'Connection', expansion: 'Expansion', extension: 'Extension' } as const;

/** What the guest sees of the host's settings: the game they are about to play. */
function SettingsSummary({ settings }: { settings: RoomSettings }) {
  return (
    <dl className="multiplayer-settings-summary" aria-label="Game Settings">
      <dt>Board Size</dt>
      <dd>
        {settings.boardSize}x{settings.boardSize}
      </dd>
      <dt>Scoring</dt>
      <dd>{SCORING_NAMES[settings.scoringMechanism]}</dd>
      <dt>Game Type</dt>
      <dd>{settings.rated === false ? 'Casual' : 'Rated'}</dd>
      <dt>Time Control</dt>
      <dd>{timeControlName(settings.timeControl)}</dd>
      <dt>Visibility</dt>
      <dd>{settings.visibility === 'public' ? 'Public' : 'Private'}</dd>
      {mirrorRuleOn(settings) && (
        <>
          <dt>Rule</dt>
          <dd title={MIRROR_RULE_EXPLAINED}>{MIRROR_RULE_LABEL}</dd>
        </>
      )}
    </dl>
  );
}
