/**
 * Whether the online game makes sounds, remembered on this device. On unless the player turned
 * it off. Not off for `prefers-reduced-motion`: that setting asks for less movement on screen,
 * not silence, and the sound is what tells a player in another tab that it is their turn.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'cc-sound';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function soundOn(): boolean {
  return read();
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  current = on;
  for (const listener of listeners) listener();
}

let current: boolean | null = null;

export function useSoundOn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current ?? (current = read()),
    () => true,
  );
}
