/**
 * The one rule of joining a room by its code: a seat must be free, the room waiting for its game,
 * and the name not taken there. The reducer applies it to a join; a node asks it of a room's
 * owner before the player leaves their current room (nodes/router.ts), so a refused join keeps
 * them where they are.
 */
import { SERVER_ERRORS as E, nameTaken } from '../../../../src/protocol';
import type { RoomState } from './state';

/** Why the room would not take a player of this name, or null. */
export function joinRefusal(room: RoomState, username: string): string | null {
  if (room.members.length >= room.settings.maxPlayers) return E.roomFull;
  if (room.status !== 'waiting') return E.roomNotWaiting;
  if (nameTaken(room.members, username)) return E.nameTaken;
  return null;
}
