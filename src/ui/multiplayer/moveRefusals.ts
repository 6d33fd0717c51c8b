/**
 * Why the server refused the local player's last move ("No mirroring", a taken cell…), shown in
 * the game view until their next move is placed: the turn stays theirs, and the words say what to
 * do. The room machine only logs a refused move; the request the page gives it (roomActor.ts)
 * reports the server's answer here.
 */
import { pageValue } from './pageValue';

const refusal = pageValue<string>();

/** The server's answer to a move: its error text when refused, nothing when placed. */
export function heardMoveAnswer(ack: unknown): void {
  const refused = typeof ack === 'object' && ack !== null && (ack as { success?: unknown }).success === false;
  const error = refused ? (ack as { error?: unknown }).error : null;
  refusal.set(typeof error === 'string' && error ? error : null);
}

/** The refusal is over (a new game, a new position). */
export const clearMoveRefusal = (): void => refusal.set(null);

export const useMoveRefusal = (): string | null => refusal.use();
