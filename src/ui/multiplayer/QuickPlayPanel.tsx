/**
 * Quick play in the lobby (lichess's quick pairing): the player picks a board size and
 * a time control and clicks Play online; while the server looks for an opponent the panel says so,
 * with the time waited and a one-click Cancel. Once paired, the room machine takes the page into
 * the room and the game starts by itself.
 */
import { useEffect, useState } from 'react';
import type { LookingForOpponent, RoomContext, RoomEvent } from '../../machines/room.machine';
import { MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { BoardSizeOptions, offeredSize } from '../settings/BoardSizeOptions';
import { ROOM_BOARD_SIZES, TIME_CONTROLS, type RoomBoardSize, type TimeControl } from '../../protocol/messages';

export interface QuickPlayPanelProps {
  /** The lobby's username field: the name to play under. */
  username: string;
  context: RoomContext;
  busy: boolean;
  send(event: RoomEvent): void;
}

/** 'Untimed', or lichess's own notation: '3+2'. */
export const timeControlLabel = (timeControl: TimeControl): string => (timeControl === 'untimed' ? 'Untimed' : timeControl);

export function QuickPlayPanel({ username, context, busy, send }: QuickPlayPanelProps) {
  const [boardSize, setBoardSize] = useState<RoomBoardSize>(6);
  const [timeControl, setTimeControl] = useState<TimeControl>('untimed');
  if (context.pool) return <Looking pool={context.pool} onCancel={() => send({ type: 'pool.leave' })} />;

  // Without a username the click says why (the machine's 'Please enter a username').
  return (
    <form
      className="multiplayer-form multiplayer-quick-play"
      aria-label="Play online"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'pool.join', username, boardSize, timeControl });
      }}
    >
      <h2 className="multiplayer-section-title">Quick play</h2>
      <div className="multiplayer-quick-play-settings">
        <label>
          Board size
          <select value={boardSize} onChange={(e) => setBoardSize(offeredSize(ROOM_BOARD_SIZES, e.target.value) ?? boardSize)}>
            <BoardSizeOptions sizes={ROOM_BOARD_SIZES} />
          </select>
        </label>
        <label>
          Time control
          <select value={timeControl} onChange={(e) => setTimeControl(e.target.value as TimeControl)}>
            {TIME_CONTROLS.map((tc) => (
              <option key={tc} value={tc}>
                {timeControlLabel(tc)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="submit" className="button button-primary" disabled={busy || !context.isConnected}>
        Play online
      </button>
    </form>
  );
}

/** 'm:ss' of whole seconds. */
export const waitedText = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

function Looking({ pool, onCancel }: { pool: LookingForOpponent; onCancel(): void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="multiplayer-quick-play multiplayer-looking" aria-label="Play online">
      <p role="status">Looking for an opponent…</p>
      <p className="multiplayer-note">
        {pool.boardSize}x{pool.boardSize} · {timeControlLabel(pool.timeControl)} · {pool.rated ? 'Rated' : 'Casual'} · {/* Quick play always pairs under the rule. */}
        {MIRROR_RULE_LABEL} ·{' '}
        <span data-testid="pool-waited">{waitedText(now - pool.since)}</span>
      </p>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  );
}
