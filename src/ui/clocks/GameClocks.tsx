/**
 * A timed game's clocks, each in its player's strip. The server sends each player's time left when the game
 * state changes; the page counts the running one down from the moment it heard, ten times a
 * second, so both pages tick without asking the server. The server alone decides a flag.
 */
import { useEffect, useState } from 'react';
import type { PlayerIndex } from '../../engine';
import type { ClocksView, TimeControl } from '../../protocol/messages';
import { formatClock, lowTimeMs } from './clockFormat';
import './clocks.css';

/** One player's clock, in their strip beside the board: it turns red under the low-time mark. */
export function SeatClock({ clocks, seat, name, timeControl, you }: { clocks: ClocksView | null; seat: PlayerIndex; name: string; timeControl: TimeControl; you?: boolean }) {
  if (!clocks) return null;
  return <TickingSeat key={`${clocks.remainingMs.join('/')}/${clocks.running}`} clocks={clocks} seat={seat} name={name} lowMs={lowTimeMs(timeControl)} you={you} />;
}

function TickingSeat({ clocks, seat, name, lowMs, you }: { clocks: ClocksView; seat: PlayerIndex; name: string; lowMs: number; you?: boolean | undefined }) {
  const elapsed = useElapsed(clocks.running === seat);
  const running = clocks.running === seat;
  const left = clocks.remainingMs[seat] - (running ? elapsed : 0);
  const classes = ['game-clock', 'game-clock-seat', `game-clock-p${seat + 1}`, running ? 'game-clock-running' : '', left <= lowMs ? 'game-clock-low' : ''];
  return (
    <span className={classes.filter(Boolean).join(' ')} role="timer" aria-label={`${name}'s clock${you ? ' (You)' : ''}`} data-testid={`clock-${seat}`}>
      <span className="game-clock-time">{formatClock(left)}</span>
    </span>
  );
}

/** Milliseconds since the clocks arrived, updated every 100 ms while one runs. */
function useElapsed(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const heardAt = performance.now();
    const timer = setInterval(() => setElapsed(performance.now() - heardAt), 100);
    return () => clearInterval(timer);
  }, [running]);
  return elapsed;
}
