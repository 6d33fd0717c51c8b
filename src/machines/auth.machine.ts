/**
 * Authentication as a statechart (SPEC §4 "Authentication", §8 "Auth"): the signed-in user, the
 * request in flight (sign in, sign up, sign out) and the panel. The network calls are actors the
 * app provides (src/services/auth.ts through the auth provider); the machine holds the rules.
 *
 * Two parallel regions:
 * - `session` follows the service's auth events: no session clears the user, a session sets it
 *   once its profile name is known (fetched with a 5000 ms time-out, else the e-mail's local part);
 *   repeated INITIAL_SESSION events and events for the user already shown are ignored.
 * - `request` runs one request at a time: loading while it works, the panel closes on success,
 *   the service's message (or a fallback) on failure.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';

/** SPEC §9: the profile-name fetch gives up after this long (ms). */
export const PROFILE_TIMEOUT = 5000;

export const AUTH_ERROR = 'An error occurred during authentication.';
export const SIGN_OUT_ERROR = 'An error occurred during sign out.';

/** The signed-in user as the app shows it (SPEC §3 "Auth state"). */
export interface AuthUser {
  id: string;
  username: string;
  email: string;
}

/** What an auth event tells about the session's user. */
export interface SessionUser {
  id: string;
  email: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface SignUpInput extends Credentials {
  username?: string | undefined;
}

/** An auth-state change from the service: its name (INITIAL_SESSION, SIGNED_IN, …) and the user. */
export interface AuthChange {
  type: 'auth.changed';
  event: string;
  user: SessionUser | null;
}

export type AuthEvent =
  | { type: 'signIn'; email: string; password: string }
  | { type: 'signUp'; email: string; password: string; username?: string | undefined }
  | { type: 'signOut' }
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  | { type: 'error.clear' }
  | AuthChange;

export interface AuthContext {
  user: AuthUser | null;
  /** The session user whose profile name is being fetched. */
  pending: SessionUser | null;
  error: string | null;
  panelOpen: boolean;
  /** Whether an INITIAL_SESSION event has been handled (later ones are duplicates). */
  initialSessionSeen: boolean;
  /** Whether the first auth event has settled (the user is known, signed in or not). */
  ready: boolean;
}

/** The part of an e-mail before the at-sign: the username when there is no other. */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/** The service's message, or the fallback when the thrown thing carries none (SPEC §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

function sameUser(a: { id: string; email: string } | null, b: SessionUser | null): boolean {
  return a !== null && b !== null && a.id === b.id && a.email === b.email;
}

function userWithName(user: SessionUser, name: string | null | undefined): AuthUser {
  const username = name?.trim() || emailLocalPart(user.email);
  return { id: user.id, email: user.email, username };
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** Replaced by the app: each throws the service's error on failure. */
    signIn: fromPromise<void, Credentials>(async () => {
      throw new Error('no auth service provided');
    }),
    signUp: fromPromise<void, SignUpInput>(async () => {
      throw new Error('no auth service provided');
    }),
    signOut: fromPromise<void, void>(async () => {
      throw new Error('no auth service provided');
    }),
    /** The profile's username, or null when there is none. */
    fetchProfileName: fromPromise<string | null, SessionUser>(async () => null),
    /** Subscribes to the service's auth-state changes and sends them back as `auth.changed`. */
    authEvents: fromCallback<AuthEvent>(() => () => {}),
  },
  delays: { PROFILE_TIMEOUT },
  guards: {
    'is a duplicate initial session': ({ context, event }) =>
      event.type === 'auth.changed' && event.event === 'INITIAL_SESSION' && context.initialSessionSeen,
    'has no session': ({ event }) => event.type === 'auth.changed' && event.user === null,
    'is the user already shown': ({ context, event }) =>
      event.type === 'auth.changed' && context.pending === null && sameUser(context.user, event.user),
    'is the user being resolved': ({ context, event }) =>
      event.type === 'auth.changed' && sameUser(context.pending, event.user),
  },
  actions: {
    'note the event': assign({
      initialSessionSeen: ({ context, event }) =>
        context.initialSessionSeen || (event.type === 'auth.changed' && event.event === 'INITIAL_SESSION'),
    }),
    'clear the user': assign({ user: null, pending: null, ready: true }),
    'hold the session user': assign({ pending: ({ event }) => (event.type === 'auth.changed' ? event.user : null) }),
    'set the user': assign(({ context, event }) => {
      if (!context.pending) return {};
      const name = (event as { output?: unknown }).output;
      return { user: userWithName(context.pending, typeof name === 'string' ? name : null), pending: null, ready: true };
    }),
    'set the user with the e-mail name': assign(({ context }) =>
      context.pending ? { user: userWithName(context.pending, null), pending: null, ready: true } : {},
    ),
    'clear the error': assign({ error: null }),
    'open the panel': assign({ panelOpen: true }),
    'close the panel': assign({ panelOpen: false, error: null }),
    'show the auth error': assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error, AUTH_ERROR) }),
    'show the sign-out error': assign({
      error: ({ event }) => errorMessage((event as { error?: unknown }).error, SIGN_OUT_ERROR),
    }),
    'forget the user': assign({ user: null, pending: null }),
  },
}).createMachine({
  id: 'auth',
  type: 'parallel',
  context: {
    user: null,
    pending: null,
    error: null,
    panelOpen: false,
    initialSessionSeen: false,
    ready: false,
  },
  invoke: { src: 'authEvents' },
  on: {
    'panel.open': { actions: 'open the panel' },
    'panel.close': { actions: 'close the panel' },
    'error.clear': { actions: 'clear the error' },
  },
  states: {
    session: {
      initial: 'settled',
      on: {
        'auth.changed': [
          { guard: 'is a duplicate initial session' },
          { guard: 'has no session', target: '.settled', actions: ['note the event', 'clear the user'] },
          { guard: 'is the user already shown', target: '.settled', actions: 'note the event' },
          { guard: 'is the user being resolved', actions: 'note the event' },
          { target: '.resolving', reenter: true, actions: ['note the event', 'hold the session user'] },
        ],
      },
      states: {
        settled: {},
        resolving: {
          invoke: {
            src: 'fetchProfileName',
            input: ({ context }) => context.pending ?? { id: '', email: '' },
            onDone: { target: 'settled', actions: 'set the user' },
            onError: { target: 'settled', actions: 'set the user with the e-mail name' },
          },
          after: { PROFILE_TIMEOUT: { target: 'settled', actions: 'set the user with the e-mail name' } },
        },
      },
    },
    request: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            signIn: 'signingIn',
            signUp: 'signingUp',
            signOut: 'signingOut',
          },
        },
        signingIn: {
          entry: 'clear the error',
          invoke: {
            src: 'signIn',
            input: ({ event }) => (event.type === 'signIn' ? { email: event.email, password: event.password } : { email: '', password: '' }),
            onDone: { target: 'idle', actions: 'close the panel' },
            onError: { target: 'idle', actions: 'show the auth error' },
          },
        },
        signingUp: {
          entry: 'clear the error',
          invoke: {
            src: 'signUp',
            input: ({ event }) =>
              event.type === 'signUp'
                ? { email: event.email, password: event.password, username: event.username }
                : { email: '', password: '' },
            onDone: { target: 'idle', actions: 'close the panel' },
            onError: { target: 'idle', actions: 'show the auth error' },
          },
        },
        signingOut: {
          entry: 'clear the error',
          invoke: {
            src: 'signOut',
            onDone: { target: 'idle', actions: ['forget the user', 'close the panel'] },
            onError: { target: 'idle', actions: 'show the sign-out error' },
          },
        },
      },
    },
  },
});

export type AuthActor = ActorRefFrom<typeof authMachine>;

/** Loading: a sign in, sign up or sign out is in flight. */
export function isAuthLoading(snapshot: { matches(state: { request: 'idle' }): boolean }): boolean {
  return !snapshot.matches({ request: 'idle' });
}

/** The name shown for a user: the username, else the e-mail's local part (SPEC §2). */
export function displayName(user: Pick<AuthUser, 'username' | 'email'>): string {
  return user.username || emailLocalPart(user.email);
}

/** The avatar letter: the upper-cased first letter of the username, else of the e-mail (SPEC §2). */
export function avatarInitial(user: Pick<AuthUser, 'username' | 'email'>): string {
  return (user.username || user.email).charAt(0).toUpperCase();
}
