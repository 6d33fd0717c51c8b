/**
 * How a timed game's clocks read, as on lichess: minutes and seconds, tenths under
 * 10 s, and the low-time warning from an eighth of the starting time (at least 10 s, at most 60 s).
 */
import { clockOf, type TimeControl } from '../../protocol/messages';

/** "4:07", "0:42", and under 10 s "0:09.4" (rounded down: a clock never shows time it has not got). */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const clock = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return left < 10_000 ? `${clock}.${Math.floor((left % 1000) / 100)}` : clock;
}

/** Below this much time left a clock warns its player. */
export function lowTimeMs(timeControl: TimeControl): number {
  const clock = clockOf(timeControl);
  return clock ? Math.min(60_000, Math.max(10_000, clock.initialMs / 8)) : 0;
}

const SPEEDS: Record<TimeControl, string> = {
  untimed: 'Untimed',
  '1+1': '1+1 Bullet',
  '3+2': '3+2 Blitz',
  '5+3': '5+3 Blitz',
  '10+5': '10+5 Rapid',
};

/** A time control as the host's menu and the room's summary name it: "3+2 Blitz", "Untimed". */
export const timeControlName = (timeControl: TimeControl): string => SPEEDS[timeControl];
