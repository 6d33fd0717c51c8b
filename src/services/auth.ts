/**
 * The authentication service (SPEC §7): sign in, sign up, sign out and the auth-state
 * subscription through supabase-js, plus the profile name shown for a user (SPEC §3, §8).
 */
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from './supabase';
import { logger } from './logger';

/** SPEC §9: the profile-name fetch gives up after 5000 ms. */
export const PROFILE_FETCH_TIMEOUT = 5000;

/** The session's user, as the app needs it. */
export interface SessionUser {
  id: string;
  email: string;
}

/** Signs in with e-mail and password; throws the service's error. */
export async function signIn(email: string, password: string, client: SupabaseClient = getSupabase()): Promise<void> {
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
}

/**
 * Signs up; `username` goes to options.data.username, left out when blank (the profile then
 * takes the e-mail's local part). Provider errors are thrown (SPEC §8).
 */
export async function signUp(
  email: string,
  password: string,
  username?: string,
  client: SupabaseClient = getSupabase(),
): Promise<void> {
  const name = username?.trim();
  const { data, error } = await client.auth.signUp({
    email,
    password,
    ...(name ? { options: { data: { username: name } } } : {}),
  });
  if (error) throw error;
  void data; // read as data and error (SPEC §7); the session arrives as an auth event
}

/** Signs out; throws the service's error. */
export async function signOut(client: SupabaseClient = getSupabase()): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) throw error;
}

function sessionUser(session: Session | null): SessionUser | null {
  if (!session?.user) return null;
  return { id: session.user.id, email: session.user.email ?? '' };
}

/**
 * Calls `listener` on each auth-state change (the first is INITIAL_SESSION); returns the
 * unsubscribe function. Without configuration it reports no session once.
 */
export function onAuthStateChange(listener: (event: AuthChangeEvent | string, user: SessionUser | null) => void): () => void {
  let supabase;
  try {
    supabase = getSupabase();
  } catch {
    queueMicrotask(() => listener('INITIAL_SESSION', null));
    return () => {};
  }
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    // Deferred: supabase-js holds its auth lock during the callback, and the profile fetch that
    // follows a session would wait on it.
    setTimeout(() => listener(event, sessionUser(session)), 0);
  });
  return () => data.subscription.unsubscribe();
}

function localPart(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/**
 * The user's profile name (profiles: select id, username by id), or the e-mail's local part when
 * the read fails, finds no name or takes longer than `timeoutMs`.
 */
export async function fetchProfileName(
  userId: string,
  email: string,
  {
    timeoutMs = PROFILE_FETCH_TIMEOUT,
    signal,
    client,
  }: { timeoutMs?: number; signal?: AbortSignal; client?: SupabaseClient } = {},
): Promise<string> {
  const fallback = localPart(email);
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(fallback);
    }, timeoutMs);
  });
  const read = (async () => {
    try {
      const { data, error } = await (client ?? getSupabase())
        .from('profiles')
        .select('id, username')
        .eq('id', userId)
        .abortSignal(controller.signal)
        .maybeSingle<{ id: string; username: string | null }>();
      if (error) throw error;
      return data?.username?.trim() || fallback;
    } catch (error) {
      if (!controller.signal.aborted) logger.error('Could not read the profile name:', error);
      return fallback;
    }
  })();
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
