/**
 * The "Show coordinates" choice on this device: read from local storage, changed by the settings
 * panel's checkbox, and followed at once by every board on the page (and in the device's other tabs).
 */
import { useSyncExternalStore } from 'react';
import { COORDINATES_HIDDEN, COORDINATES_SHOWN, COORDINATES_STORAGE_KEY, parseShowCoordinates } from '../../game/settings';

const listeners = new Set<() => void>();

/** Whether the board's edges show their letters and numbers now. */
export function showsCoordinates(): boolean {
  try {
    return parseShowCoordinates(window.localStorage.getItem(COORDINATES_STORAGE_KEY));
  } catch {
    return true; // storage can be disabled (private mode): the coordinates stay, as by default
  }
}

/** Remembers the choice on this device and redraws every board with it. */
export function setShowCoordinates(shown: boolean): void {
  try {
    window.localStorage.setItem(COORDINATES_STORAGE_KEY, shown ? COORDINATES_SHOWN : COORDINATES_HIDDEN);
  } catch {
    // Not remembered, but still applied for this visit.
    fallback = shown;
  }
  for (const listener of listeners) listener();
}

// Only where storage refuses to keep the choice: the visit still follows the checkbox.
let fallback: boolean | null = null;

function current(): boolean {
  return fallback ?? showsCoordinates();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COORDINATES_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The choice, re-rendering when the player changes it. */
export function useShowCoordinates(): boolean {
  return useSyncExternalStore(subscribe, current, () => true);
}
