/**
 * Why the server refused the local player's last move ("No mirroring", a taken cell…), shown in
 * the game view until their next move is placed: the turn stays theirs, and the words say what to
 * do. The room machine only logs a refused move; the request the page gives it (roomActor.ts)
 * reports the server's answer here.
 */
import type { AckOf } from '../../protocol/messages';
import { pageValue } from './pageValue';

const refusal = pageValue<string>();

/** The server's answer to a move: its error text when refused, nothing when placed. */
export function heardMoveAnswer(ack: AckOf<'game:move'>): void {
  refusal.set(ack.success || !ack.error ? null : ack.error);
}

/** The refusal is over (a new game, a new position). */
export const clearMoveRefusal = (): void => refusal.set(null);

export const useMoveRefusal = (): string | null => refusal.use();
