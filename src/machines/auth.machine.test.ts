import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  AUTH_ERROR,
  authMachine,
  avatarInitial,
  displayName,
  emailLocalPart,
  errorMessage,
  isAuthLoading,
  PROFILE_TIMEOUT,
  SIGN_OUT_ERROR,
  type AuthEvent,
  type Credentials,
  type SessionUser,
  type SignUpInput,
} from './auth.machine';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const ALICE: SessionUser = { id: 'u-alice', email: 'alice@example.com' };
const BOB: SessionUser = { id: 'u-bob', email: 'bob.b@example.com' };

/** Fakes stand in for the network only; every call is recorded and settled by the test. */
function start() {
  const calls = {
    signIn: [] as Credentials[],
    signUp: [] as SignUpInput[],
    signOut: 0,
    profile: [] as SessionUser[],
  };
  let next = deferred<void>();
  let profile = deferred<string | null>();
  let emit: (event: AuthEvent) => void = () => {};
  let subscribed = 0;
  let unsubscribed = 0;
  const machine = authMachine.provide({
    actors: {
      signIn: fromPromise<void, Credentials>(({ input }) => {
        calls.signIn.push(input);
        return next.promise;
      }),
      signUp: fromPromise<void, SignUpInput>(({ input }) => {
        calls.signUp.push(input);
        return next.promise;
      }),
      signOut: fromPromise<void, void>(() => {
        calls.signOut += 1;
        return next.promise;
      }),
      fetchProfileName: fromPromise<string | null, SessionUser>(({ input }) => {
        calls.profile.push(input);
        return profile.promise;
      }),
      authEvents: fromCallback<AuthEvent>(({ sendBack }) => {
        subscribed += 1;
        emit = sendBack;
        return () => {
          unsubscribed += 1;
        };
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  return {
    actor,
    clock,
    calls,
    subscriptions: () => ({ subscribed, unsubscribed }),
    context: () => actor.getSnapshot().context,
    loading: () => isAuthLoading(actor.getSnapshot()),
    changed: (event: string, user: SessionUser | null) => emit({ type: 'auth.changed', event, user }),
    settle: async (error?: unknown) => {
      if (error === undefined) next.resolve();
      else next.reject(error);
      await flush();
      next = deferred<void>();
    },
    profileName: async (name: string | null | Error) => {
      if (name instanceof Error) profile.reject(name);
      else profile.resolve(name);
      await flush();
      profile = deferred<string | null>();
    },
  };
}

describe('auth helpers', () => {
  it('takes the part of the e-mail before the at-sign', () => {
    expect(emailLocalPart('alice@example.com')).toBe('alice');
    expect(emailLocalPart('no-at-sign')).toBe('no-at-sign');
    expect(emailLocalPart('')).toBe('');
  });

  it("shows the service's message, else the fallback", () => {
    expect(errorMessage(new Error('Invalid login credentials'), AUTH_ERROR)).toBe('Invalid login credentials');
    expect(errorMessage({ message: 'Plain object message' }, AUTH_ERROR)).toBe('Plain object message');
    expect(errorMessage(new Error(''), AUTH_ERROR)).toBe(AUTH_ERROR);
    expect(errorMessage('a string', SIGN_OUT_ERROR)).toBe(SIGN_OUT_ERROR);
    expect(errorMessage(undefined, SIGN_OUT_ERROR)).toBe(SIGN_OUT_ERROR);
    expect(errorMessage({ message: 42 }, AUTH_ERROR)).toBe(AUTH_ERROR);
  });
});

describe('shown name and avatar', () => {
  it('the username, else the e-mail', () => {
    expect(displayName({ username: 'Ace', email: 'a@example.com' })).toBe('Ace');
    expect(displayName({ username: '', email: 'bob@example.com' })).toBe('bob');
    expect(avatarInitial({ username: 'ace', email: 'zed@example.com' })).toBe('A');
    expect(avatarInitial({ username: '', email: 'zed@example.com' })).toBe('Z');
  });
});

describe('auth machine: requests', () => {
  it('starts signed out, not loading, with no error and the panel closed', () => {
    const t = start();
    expect(t.context()).toMatchObject({ user: null, error: null, panelOpen: false, ready: false });
    expect(t.loading()).toBe(false);
    expect(t.subscriptions()).toEqual({ subscribed: 1, unsubscribed: 0 });
  });

  it('signs in: loading while it works, then the panel closes', async () => {
    const t = start();
    t.actor.send({ type: 'panel.open' });
    t.actor.send({ type: 'signIn', email: 'alice@example.com', password: 'secret1' });
    expect(t.loading()).toBe(true);
    expect(t.calls.signIn).toEqual([{ email: 'alice@example.com', password: 'secret1' }]);
    // A second request waits for the first.
    t.actor.send({ type: 'signUp', email: 'x@example.com', password: 'secret1' });
    expect(t.calls.signUp).toEqual([]);
    await t.settle();
    expect(t.loading()).toBe(false);
    expect(t.context().panelOpen).toBe(false);
    expect(t.context().error).toBeNull();
  });

  it("shows the service's message when sign-in fails, and keeps the panel open", async () => {
    const t = start();
    t.actor.send({ type: 'panel.open' });
    t.actor.send({ type: 'signIn', email: 'alice@example.com', password: 'wrong12' });
    await t.settle(new Error('Invalid login credentials'));
    expect(t.loading()).toBe(false);
    expect(t.context().error).toBe('Invalid login credentials');
    expect(t.context().panelOpen).toBe(true);
  });

  it('falls back to the generic message when the error has none', async () => {
    const t = start();
    t.actor.send({ type: 'signUp', email: 'alice@example.com', password: 'secret1' });
    await t.settle({});
    expect(t.context().error).toBe(AUTH_ERROR);
  });

  it('signs up with the username, and clears an earlier error on the next request', async () => {
    const t = start();
    t.actor.send({ type: 'signIn', email: 'a@example.com', password: 'wrong12' });
    await t.settle(new Error('Invalid login credentials'));
    t.actor.send({ type: 'signUp', email: 'a@example.com', password: 'secret1', username: 'Ace' });
    expect(t.context().error).toBeNull();
    expect(t.calls.signUp).toEqual([{ email: 'a@example.com', password: 'secret1', username: 'Ace' }]);
    await t.settle(new Error('User already registered'));
    expect(t.context().error).toBe('User already registered');
  });

  it('signs out: loading, then the user is gone and the panel closes', async () => {
    const t = start();
    t.changed('INITIAL_SESSION', ALICE);
    await t.profileName('Alice');
    t.actor.send({ type: 'panel.open' });
    t.actor.send({ type: 'signOut' });
    expect(t.loading()).toBe(true);
    expect(t.calls.signOut).toBe(1);
    await t.settle();
    expect(t.loading()).toBe(false);
    expect(t.context().user).toBeNull();
    expect(t.context().panelOpen).toBe(false);
  });

  it('shows the sign-out fallback message, keeping the user', async () => {
    const t = start();
    t.changed('INITIAL_SESSION', ALICE);
    await t.profileName('Alice');
    t.actor.send({ type: 'signOut' });
    await t.settle(new Error(''));
    expect(t.context().error).toBe(SIGN_OUT_ERROR);
    expect(t.context().user?.id).toBe(ALICE.id);
  });

  it('closing the panel and switching forms clear the error', async () => {
    const t = start();
    t.actor.send({ type: 'panel.open' });
    t.actor.send({ type: 'signIn', email: 'a@example.com', password: 'wrong12' });
    await t.settle(new Error('Invalid login credentials'));
    t.actor.send({ type: 'error.clear' });
    expect(t.context().error).toBeNull();
    t.actor.send({ type: 'signIn', email: 'a@example.com', password: 'wrong12' });
    await t.settle(new Error('Invalid login credentials'));
    t.actor.send({ type: 'panel.close' });
    expect(t.context()).toMatchObject({ error: null, panelOpen: false });
  });
});

describe('auth machine: auth events', () => {
  it('no session: signed out and ready', () => {
    const t = start();
    t.changed('INITIAL_SESSION', null);
    expect(t.context()).toMatchObject({ user: null, ready: true });
  });

  it('a session sets the user with the profile name', async () => {
    const t = start();
    t.changed('INITIAL_SESSION', ALICE);
    expect(t.calls.profile).toEqual([ALICE]);
    expect(t.context()).toMatchObject({ user: null, ready: false });
    await t.profileName('Alice');
    expect(t.context()).toMatchObject({ user: { id: ALICE.id, email: ALICE.email, username: 'Alice' }, ready: true });
  });

  it("falls back to the e-mail's local part when the profile has no name or the fetch fails", async () => {
    const t = start();
    t.changed('SIGNED_IN', BOB);
    await t.profileName(null);
    expect(t.context().user?.username).toBe('bob.b');
    t.changed('SIGNED_OUT', null);
    t.changed('SIGNED_IN', ALICE);
    await t.profileName(new Error('network down'));
    expect(t.context().user?.username).toBe('alice');
  });

  it('gives up on the profile name after 5000 ms', async () => {
    const t = start();
    t.changed('SIGNED_IN', ALICE);
    t.clock.increment(PROFILE_TIMEOUT - 1);
    expect(t.context().user).toBeNull();
    t.clock.increment(1);
    expect(t.context().user).toEqual({ id: ALICE.id, email: ALICE.email, username: 'alice' });
    // A late answer changes nothing.
    await t.profileName('Too late');
    expect(t.context().user?.username).toBe('alice');
  });

  it('ignores duplicate INITIAL_SESSION events', async () => {
    const t = start();
    t.changed('INITIAL_SESSION', ALICE);
    await t.profileName('Alice');
    t.changed('INITIAL_SESSION', null);
    expect(t.context().user?.username).toBe('Alice');
    t.changed('INITIAL_SESSION', BOB);
    expect(t.calls.profile).toHaveLength(1);
    expect(t.context().user?.id).toBe(ALICE.id);
  });

  it('ignores events for the user already shown (token refresh, repeated sign-in)', async () => {
    const t = start();
    t.changed('INITIAL_SESSION', ALICE);
    await t.profileName('Alice');
    const before = t.context().user;
    t.changed('TOKEN_REFRESHED', ALICE);
    t.changed('SIGNED_IN', { ...ALICE });
    expect(t.calls.profile).toHaveLength(1);
    expect(t.context().user).toBe(before);
  });

  it('ignores a repeat of the session being resolved', async () => {
    const t = start();
    t.changed('SIGNED_IN', ALICE);
    t.changed('SIGNED_IN', ALICE);
    expect(t.calls.profile).toHaveLength(1);
    await t.profileName('Alice');
    expect(t.context().user?.username).toBe('Alice');
  });

  it('signed out clears the user; another user replaces the one shown', async () => {
    const t = start();
    t.changed('SIGNED_IN', ALICE);
    await t.profileName('Alice');
    t.changed('SIGNED_IN', BOB);
    await t.profileName('Bob');
    expect(t.context().user).toEqual({ id: BOB.id, email: BOB.email, username: 'Bob' });
    t.changed('SIGNED_OUT', null);
    expect(t.context().user).toBeNull();
  });

  it('a sign-out while the name is being fetched wins', async () => {
    const t = start();
    t.changed('SIGNED_IN', ALICE);
    t.changed('SIGNED_OUT', null);
    await t.profileName('Alice');
    expect(t.context().user).toBeNull();
    t.clock.increment(PROFILE_TIMEOUT);
    expect(t.context().user).toBeNull();
  });

  it('unsubscribes from auth events when stopped', () => {
    const t = start();
    t.actor.stop();
    expect(t.subscriptions()).toEqual({ subscribed: 1, unsubscribed: 1 });
  });
});
