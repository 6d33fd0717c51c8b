/**
 * One value the multiplayer pages share outside React (a notice, a refusal), and a hook that
 * re-renders a component when it changes.
 */
import { useSyncExternalStore } from 'react';

export function pageValue<T>() {
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    set(value: T | null): void {
      if (value === current) return;
      current = value;
      for (const listener of listeners) listener();
    },
    use(): T | null {
      return useSyncExternalStore(
        subscribe,
        () => current,
        () => null,
      );
    },
  };
}
