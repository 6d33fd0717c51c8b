import { describe, expect, it } from 'vitest';
import {
  createPurchasesStore,
  initialPurchases,
  nextPurchases,
  parseStoredUnlock,
  PREMIUM_STORAGE_KEY,
  serializeUnlock,
  unlockedByDefault,
  type StorageLike,
} from './purchases';

/** An in-memory Storage; `broken` makes every call throw, as a blocked localStorage does. */
function fakeStorage(entries: Record<string, string> = {}, broken = false): StorageLike & { entries: Record<string, string> } {
  const check = () => {
    if (broken) throw new Error('SecurityError');
  };
  return {
    entries,
    getItem: (key) => (check(), entries[key] ?? null),
    setItem: (key, value) => {
      check();
      entries[key] = value;
    },
    removeItem: (key) => {
      check();
      delete entries[key];
    },
  };
}

const locked = initialPurchases(false);

describe('purchases transitions (SPEC §4)', () => {
  it('starts unlocked in the shipped configuration, locked only when configured so', () => {
    expect(unlockedByDefault(undefined)).toBe(true);
    expect(unlockedByDefault('unlocked')).toBe(true);
    expect(unlockedByDefault('locked')).toBe(false);
    expect(initialPurchases(true)).toEqual({
      hasUnlockedPremiumScoring: true,
      isLoadingPurchase: false,
      purchaseError: null,
      lastCheckTime: null,
    });
  });

  it('loading clears the error', () => {
    const failed = { ...locked, purchaseError: 'Store unavailable' };
    expect(nextPurchases(failed, { type: 'loading' }, locked)).toMatchObject({ isLoadingPurchase: true, purchaseError: null });
  });

  it('an error stops loading', () => {
    const loading = nextPurchases(locked, { type: 'loading' }, locked);
    expect(nextPurchases(loading, { type: 'failed', message: 'Declined' }, locked)).toMatchObject({
      isLoadingPurchase: false,
      purchaseError: 'Declined',
    });
  });

  it('unlock sets the flag true and stamps the check time', () => {
    expect(nextPurchases(locked, { type: 'unlocked', at: 1234 }, locked)).toMatchObject({
      hasUnlockedPremiumScoring: true,
      lastCheckTime: 1234,
    });
  });

  it('reset restores the initial values', () => {
    const unlocked = nextPurchases(locked, { type: 'unlocked', at: 1234 }, locked);
    expect(nextPurchases(unlocked, { type: 'reset' }, locked)).toEqual(locked);
  });
});

describe('the remembered unlock', () => {
  it('reads back exactly what an unlock writes', () => {
    expect(parseStoredUnlock(serializeUnlock(1767225600000))).toBe(1767225600000);
  });

  it('ignores anything but the exact stored shape', () => {
    const junk = [
      null,
      '',
      'true',
      'not json',
      '[]',
      'null',
      '{}',
      '{"hasUnlockedPremiumScoring":true}',
      '{"hasUnlockedPremiumScoring":"true","lastCheckTime":1}',
      '{"hasUnlockedPremiumScoring":false,"lastCheckTime":1}',
      '{"hasUnlockedPremiumScoring":true,"lastCheckTime":"1"}',
      '{"hasUnlockedPremiumScoring":true,"lastCheckTime":-1}',
      '{"hasUnlockedPremiumScoring":true,"lastCheckTime":1.5}',
      '{"hasUnlockedPremiumScoring":true,"lastCheckTime":1,"extra":0}',
    ];
    for (const raw of junk) expect(parseStoredUnlock(raw), String(raw)).toBeNull();
  });

  it('Unlock Now unlocks and remembers it on the device', () => {
    const storage = fakeStorage();
    const store = createPurchasesStore({ storage, unlocked: false, now: () => 42 });
    let changes = 0;
    store.subscribe(() => changes++);
    store.unlock();
    expect(store.getState()).toMatchObject({ hasUnlockedPremiumScoring: true, lastCheckTime: 42 });
    expect(changes).toBe(1);
    const later = createPurchasesStore({ storage, unlocked: false });
    expect(later.getState()).toMatchObject({ hasUnlockedPremiumScoring: true, lastCheckTime: 42 });
  });

  it('a corrupt stored value is discarded, not trusted', () => {
    const storage = fakeStorage({ [PREMIUM_STORAGE_KEY]: '{"hasUnlockedPremiumScoring":1,"lastCheckTime":5}' });
    expect(createPurchasesStore({ storage, unlocked: false }).getState()).toEqual(locked);
  });

  it('reset forgets the remembered unlock', () => {
    const storage = fakeStorage();
    const store = createPurchasesStore({ storage, unlocked: false, now: () => 7 });
    store.unlock();
    store.reset();
    expect(store.getState()).toEqual(locked);
    expect(storage.entries).toEqual({});
  });

  it('keeps working when storage throws', () => {
    const store = createPurchasesStore({ storage: fakeStorage({}, true), unlocked: false, now: () => 9 });
    expect(store.getState()).toEqual(locked);
    store.unlock();
    expect(store.getState().hasUnlockedPremiumScoring).toBe(true);
    store.reset();
    expect(store.getState()).toEqual(locked);
  });
});
