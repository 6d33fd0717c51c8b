import { useSyncExternalStore } from 'react';
import { parseStoredTheme, resolveTheme, THEME_STORAGE_KEY, type Theme } from './themePreference';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function systemQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

function readStored(): Theme | null {
  try {
    return parseStoredTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null; // storage can be disabled (private mode, sandboxed frames): fall back to the system
  }
}

/** The theme shown now. */
export function currentTheme(): Theme {
  return resolveTheme(readStored(), systemQuery()?.matches ?? false);
}

function apply(): void {
  const theme = currentTheme();
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme; // form controls and scrollbars follow
}

function notify(): void {
  apply();
  for (const listener of listeners) listener();
}

/** Remembers the player's choice on this device and shows it at once. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered, but still shown for this visit.
  }
  notify();
}

let stopWatching: (() => void) | null = null;

/**
 * Applies the theme to <html data-theme> and keeps it in step with the system preference and
 * with other tabs. Call once at start-up (before the first render avoids a flash); repeat calls
 * do nothing. Returns the function that stops watching.
 */
export function startTheme(): () => void {
  if (stopWatching) return stopWatching;
  apply();
  const query = systemQuery();
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) notify();
  };
  query?.addEventListener('change', notify);
  window.addEventListener('storage', onStorage);
  stopWatching = () => {
    query?.removeEventListener('change', notify);
    window.removeEventListener('storage', onStorage);
    stopWatching = null;
  };
  return stopWatching;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = systemQuery();
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

/** The theme shown now, re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
