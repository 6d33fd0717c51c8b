/**
 * The replay's position: which step (0 = the empty board, n = after move n) is shown, and the
 * step controls' keys: Left and Right step back and forward, Home and End go to the first and
 * last position. Keys typed into a field, or already used (the board's own arrow keys move its
 * focus), are left alone.
 */
import { useEffect, useState } from 'react';

export interface ReplayCursor {
  step: number;
  last: number;
  go(step: number): void;
}

const STEP_KEYS: Record<string, (step: number, last: number) => number> = {
  ArrowLeft: (step) => step - 1,
  ArrowRight: (step) => step + 1,
  Home: () => 0,
  End: (_, last) => last,
};

export function useReplaySteps(last: number): ReplayCursor {
  const [step, setStep] = useState(last); // a replay opens on the final position
  const go = (next: number) => setStep(Math.max(0, Math.min(last, next)));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const move = STEP_KEYS[event.key];
      if (!move || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      setStep((current) => Math.max(0, Math.min(last, move(current, last))));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);
  return { step: Math.min(step, last), last, go };
}
