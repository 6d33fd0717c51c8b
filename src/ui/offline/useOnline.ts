/**
 * Whether the browser says it is online (navigator.onLine), kept current by the window's `online`
 * and `offline` events. Screens that need the server (the lobby, accounts, the leaderboard, the
 * profile) show OfflineNotice instead of failing requests while it is false.
 */
import { useSyncExternalStore } from 'react';

type ConnectionEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Calls `onChange` whenever `target` (the window) goes online or offline; returns the unsubscribe. */
export function subscribeToConnection(target: ConnectionEvents, onChange: () => void): () => void {
  target.addEventListener('online', onChange);
  target.addEventListener('offline', onChange);
  return () => {
    target.removeEventListener('online', onChange);
    target.removeEventListener('offline', onChange);
  };
}

const subscribe = (onChange: () => void) => subscribeToConnection(window, onChange);
const isOnline = () => navigator.onLine;
/** Rendered on the server (tests' static markup), the pages draw their online selves. */
const onlineOnServer = () => true;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onlineOnServer);
}
