/**
 * Score submission (SPEC §7 "Insert into game_scores"): the payload, then select and return that
 * row. The row comes back pending: High Scores shows it once the server has replayed its game.
 * Failures are only logged (SPEC §8).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ScorePayload } from '../game/submission';
import { getSupabase } from './supabase';
import { logger } from './logger';

/** Inserts the score; resolves to whether it was stored. Never throws. */
export async function submitScore(payload: ScorePayload, client?: SupabaseClient): Promise<boolean> {
  try {
    const { error } = await (client ?? getSupabase()).from('game_scores').insert(payload).select().single();
    if (error) throw error;
    return true;
  } catch (error) {
    logger.error('Score submission failed:', error);
    return false;
  }
}
