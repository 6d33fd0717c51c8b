/**
 * The auth actor, app-wide: one per page load, read through `useAuth()`.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { isAuthLoading, type AuthActor, type AuthUser } from '../../machines/auth.machine';
import { liveAuthMachine } from './authServices';

const AuthContext = createContext<AuthActor | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(liveAuthMachine);
  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

export interface Auth {
  user: AuthUser | null;
  /** A sign in, sign up or sign out is in flight. */
  isLoading: boolean;
  error: string | null;
  /** The first auth event has settled: `user` says whether someone is signed in. */
  ready: boolean;
  panelOpen: boolean;
  signIn(email: string, password: string): void;
  signUp(email: string, password: string, username?: string): void;
  signOut(): void;
  openPanel(): void;
  closePanel(): void;
  clearError(): void;
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuth needs an <AuthProvider> above it');
  return actor;
}

/** The auth state (SPEC §3) and its actions. */
export function useAuth(): Auth {
  const actor = useAuthActor();
  const user = useSelector(actor, (s) => s.context.user);
  const isLoading = useSelector(actor, isAuthLoading);
  const error = useSelector(actor, (s) => s.context.error);
  const ready = useSelector(actor, (s) => s.context.ready);
  const panelOpen = useSelector(actor, (s) => s.context.panelOpen);
  const actions = useMemo(
    () => ({
      signIn: (email: string, password: string) => actor.send({ type: 'signIn', email, password }),
      signUp: (email: string, password: string, username?: string) => actor.send({ type: 'signUp', email, password, username }),
      signOut: () => actor.send({ type: 'signOut' }),
      openPanel: () => actor.send({ type: 'panel.open' }),
      closePanel: () => actor.send({ type: 'panel.close' }),
      clearError: () => actor.send({ type: 'error.clear' }),
    }),
    [actor],
  );
  return { user, isLoading, error, ready, panelOpen, ...actions };
}
