/**
 * The one Supabase client (ARCHITECTURE.md "Backend"): pointed at VITE_SUPABASE_URL, else the
 * page's own origin, where the node server answers /auth/v1 and /rest/v1. The anon key comes
 * with the build (vite.config.ts). Created on first use, so modules that import this file can
 * load in Node (tests) without a window.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { logger } from './logger';

export const MISSING_CONFIG =
  'Missing Supabase configuration: check the environment setup (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY)';

let client: SupabaseClient | null = null;
let reported = false;

function supabaseUrl(): string {
  const configured: unknown = import.meta.env.VITE_SUPABASE_URL;
  if (typeof configured === 'string' && configured) return configured;
  return globalThis.location?.origin ?? '';
}

function anonKey(): string {
  const key: unknown = import.meta.env.VITE_SUPABASE_ANON_KEY;
  return typeof key === 'string' ? key : '';
}

/** Whether the client can be made (the app stays playable without it). */
export function isSupabaseConfigured(): boolean {
  return supabaseUrl() !== '' && anonKey() !== '';
}

/**
 * The client. Throws `MISSING_CONFIG` (logged once) when the URL or the anon key is missing, so
 * auth and data features show that error while the game itself keeps working.
 */
export function getSupabase(): SupabaseClient {
  if (client) return client;
  if (!isSupabaseConfigured()) {
    if (!reported) logger.error(MISSING_CONFIG);
    reported = true;
    throw new Error(MISSING_CONFIG);
  }
  client = createClient(supabaseUrl(), anonKey());
  return client;
}
