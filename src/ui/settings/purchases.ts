import { useMemo, useSyncExternalStore } from 'react';

/** The purchases state of SPEC §4: whether the premium scoring modes are unlocked. */
export interface PurchasesState {
  hasUnlockedPremiumScoring: boolean; // true as shipped; VITE_PREMIUM_DEFAULT=locked starts it false
  isLoadingPurchase: boolean; // a purchase is under way
  purchaseError: string | null; // e.g. 'The store is unavailable'
  lastCheckTime: number | null; // ms since the epoch of the unlock, e.g. 1767225600000
}

export type PurchasesEvent =
  | { type: 'loading' }
  | { type: 'failed'; message: string }
  | { type: 'unlocked'; at: number }
  | { type: 'reset' };

/** Where an unlock is remembered on the device. */
export const PREMIUM_STORAGE_KEY = 'cellconnection.premium';

/** The subset of the Web Storage API the store uses (tests pass a fake). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The shipped configuration unlocks the premium modes; a build can start them locked. */
export function unlockedByDefault(setting: unknown = import.meta.env.VITE_PREMIUM_DEFAULT): boolean {
  return setting !== 'locked';
}

export function initialPurchases(unlocked: boolean): PurchasesState {
  return { hasUnlockedPremiumScoring: unlocked, isLoadingPurchase: false, purchaseError: null, lastCheckTime: null };
}

/** The transitions of SPEC §4. `initial` is what reset restores. */
export function nextPurchases(state: PurchasesState, event: PurchasesEvent, initial: PurchasesState): PurchasesState {
  switch (event.type) {
    case 'loading':
      return { ...state, isLoadingPurchase: true, purchaseError: null };
    case 'failed':
      return { ...state, isLoadingPurchase: false, purchaseError: event.message };
    case 'unlocked':
      // A finished purchase is no longer loading.
      return { ...state, hasUnlockedPremiumScoring: true, lastCheckTime: event.at, isLoadingPurchase: false };
    case 'reset':
      return initial;
  }
}

/** What an unlock stores: exactly this shape, so anything else found under the key is ignored. */
export function serializeUnlock(at: number): string {
  return JSON.stringify({ hasUnlockedPremiumScoring: true, lastCheckTime: at });
}

/** The unlock's time if `raw` is exactly what serializeUnlock wrote, else null. */
export function parseStoredUnlock(raw: string | null): number | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value).sort();
  if (keys.length !== 2 || keys[0] !== 'hasUnlockedPremiumScoring' || keys[1] !== 'lastCheckTime') return null;
  const { hasUnlockedPremiumScoring, lastCheckTime } = value as Record<string, unknown>;
  if (hasUnlockedPremiumScoring !== true) return null;
  if (typeof lastCheckTime !== 'number' || !Number.isSafeInteger(lastCheckTime) || lastCheckTime < 0) return null;
  return lastCheckTime;
}

export interface PurchasesStore {
  getState(): PurchasesState;
  subscribe(listener: () => void): () => void;
  startLoading(): void;
  fail(message: string): void;
  unlock(): void; // unlocks and remembers it on the device
  reset(): void; // back to the configured default, forgetting a remembered unlock
}

/** A store over the pure transitions; `storage` null means nothing is remembered. */
export function createPurchasesStore(options: {
  storage: StorageLike | null;
  unlocked: boolean;
  now?: () => number;
}): PurchasesStore {
  const { storage, now = Date.now } = options;
  const initial = initialPurchases(options.unlocked);
  const listeners = new Set<() => void>();
  // Storage can throw (disabled, full, sandboxed): the game goes on without remembering.
  const safely = <T>(action: () => T, fallback: T): T => {
    try {
      return action();
    } catch {
      return fallback;
    }
  };
  const storedAt = storage ? parseStoredUnlock(safely(() => storage.getItem(PREMIUM_STORAGE_KEY), null)) : null;
  let state = storedAt === null ? initial : nextPurchases(initial, { type: 'unlocked', at: storedAt }, initial);

  const send = (event: PurchasesEvent) => {
    state = nextPurchases(state, event, initial);
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    startLoading: () => send({ type: 'loading' }),
    fail: (message) => send({ type: 'failed', message }),
    unlock() {
      const at = now();
      if (storage) safely(() => storage.setItem(PREMIUM_STORAGE_KEY, serializeUnlock(at)), undefined);
      send({ type: 'unlocked', at });
    },
    reset() {
      if (storage) safely(() => storage.removeItem(PREMIUM_STORAGE_KEY), undefined);
      send({ type: 'reset' });
    },
  };
}

let deviceStore: PurchasesStore | null = null;

/** The app's one store, remembering on this device's localStorage; made on first use. */
export function purchasesStore(): PurchasesStore {
  if (!deviceStore) {
    const storage = typeof window === 'undefined' ? null : (() => {
      try {
        return window.localStorage;
      } catch {
        return null; // reading the property itself throws when storage is blocked
      }
    })();
    deviceStore = createPurchasesStore({ storage, unlocked: unlockedByDefault() });
  }
  return deviceStore;
}

export type Purchases = Omit<PurchasesStore, 'getState' | 'subscribe'> & { state: PurchasesState };

/** The purchases state and its actions, re-rendering on every change. */
export function usePurchases(store: PurchasesStore = purchasesStore()): Purchases {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(
    () => ({ state, startLoading: store.startLoading, fail: store.fail, unlock: store.unlock, reset: store.reset }),
    [state, store],
  );
}
