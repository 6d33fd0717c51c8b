import { describe, expect, it } from 'vitest';
import { formatClock, lowTimeMs, timeControlName } from './clockFormat';

describe('how a clock reads', () => {
  it('shows minutes and seconds, and tenths under 10 s, never rounding up', () => {
    expect(formatClock(10 * 60_000)).toBe('10:00');
    expect(formatClock(247_999)).toBe('4:07');
    expect(formatClock(10_000)).toBe('0:10');
    expect(formatClock(9_999)).toBe('0:09.9');
    expect(formatClock(9_450)).toBe('0:09.4');
    expect(formatClock(50)).toBe('0:00.0');
    expect(formatClock(-300)).toBe('0:00.0');
  });

  it('warns from an eighth of the starting time, between 10 s and a minute', () => {
    expect(lowTimeMs('1+1')).toBe(10_000);
    expect(lowTimeMs('3+2')).toBe(22_500);
    expect(lowTimeMs('10+5')).toBe(60_000);
    expect(lowTimeMs('untimed')).toBe(0);
  });

  it('names each time control with its speed, as lichess does', () => {
    expect(['untimed', '1+1', '3+2', '5+3', '10+5'].map((t) => timeControlName(t as Parameters<typeof timeControlName>[0]))).toEqual([
      'Untimed',
      '1+1 Bullet',
      '3+2 Blitz',
      '5+3 Blitz',
      '10+5 Rapid',
    ]);
  });
});
