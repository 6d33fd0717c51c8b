/**
 * The auth statechart wired to the real service (src/services/auth.ts). The service, and
 * supabase-js with it, loads in its own chunk so the first screen does not wait for it: the
 * session is restored once the page's first content is shown (a sign-in asks for it at once).
 */
import { fromCallback, fromPromise } from 'xstate';
import { afterFirstContent } from '../lazy/firstContent';
import { authMachine, type AuthEvent, type Credentials, type SessionUser, type SignUpInput } from '../../machines/auth.machine';
import { logger } from '../../services/logger';

const service = () => import('../../services/auth');

export const liveAuthMachine = authMachine.provide({
  actors: {
    signIn: fromPromise<void, Credentials>(async ({ input }) => (await service()).signIn(input.email, input.password)),
    signUp: fromPromise<void, SignUpInput>(async ({ input }) => (await service()).signUp(input.email, input.password, input.username)),
    signOut: fromPromise<void, void>(async () => (await service()).signOut()),
    fetchProfileName: fromPromise<string | null, SessionUser>(async ({ input, signal }) =>
      (await service()).fetchProfileName(input.id, input.email, { signal }),
    ),
    authEvents: fromCallback<AuthEvent>(({ sendBack }) => {
      let stopped = false;
      let unsubscribe = () => {};
      afterFirstContent()
        .then(service)
        .then(
          ({ onAuthStateChange }) => {
            if (!stopped) unsubscribe = onAuthStateChange((event, user) => sendBack({ type: 'auth.changed', event, user }));
          },
          (error: unknown) => {
            logger.error('Could not load the authentication service:', error);
            sendBack({ type: 'auth.changed', event: 'INITIAL_SESSION', user: null });
          },
        );
      return () => {
        stopped = true;
        unsubscribe();
      };
    }),
  },
});
