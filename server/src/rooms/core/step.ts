/**
 * What one step of the room reducer produces (reducer.ts), and the draft a step builds it in:
 * the room after it, the events for the clients, the answer to the sender, a rated result.
 */
import type { EnteredRoom, GameStateView, RoomView, ServerToClientWireEvents, Wire } from '../../../../src/protocol';
import type { RatedGame } from './rated';
import { gameView, roomView, type Member, type RoomState } from './state';

type EventName = keyof ServerToClientWireEvents;
/** One server event for the room's sockets (or, with `to`, one player's), scores as decimal strings. */
export type Outgoing = { [K in EventName]: { event: K; payload: Parameters<ServerToClientWireEvents[K]>[0]; to?: string } }[EventName];

/** The answer to the command's sender (its socket.io acknowledgement, less what only the edge knows). */
export type Reply =
  | { success: true; room?: RoomView; requestId?: string; gameState?: Wire<GameStateView> | null; entered?: Omit<Wire<EnteredRoom>, 'rejoinToken'> }
  | { success: false; error: string };

export interface Step {
  /** The room after the command; null once it is gone (its last player left, or it expired). */
  room: RoomState | null;
  events: Outgoing[];
  reply: Reply;
  /** A rated game ended: written with this step, in the same transaction. */
  rate?: RatedGame;
  /** Players no longer in the room (their sockets leave it). */
  left: string[];
  /** Whether anything changed: a refused command changes nothing and is not logged. */
  changed: boolean;
}

/** A room being changed by one step (copy-on-write of the parts that change). */
export interface Draft {
  room: RoomState | null;
  events: Outgoing[];
  rate?: RatedGame;
  left: string[];
}

export function withMember(room: RoomState, playerId: string, change: Partial<Member>): RoomState {
  return { ...room, members: room.members.map((m) => (m.id === playerId ? { ...m, ...change } : m)) };
}

export function entered(room: RoomState, playerId: string, now: number): Reply {
  return { success: true, entered: { room: roomView(room, playerId), playerId, gameState: gameView(room, now) } };
}

export function set(draft: Draft, room: RoomState): RoomState {
  draft.room = room;
  return room;
}

export function current(draft: Draft): RoomState {
  if (!draft.room) throw new Error('the room is gone');
  return draft.room;
}

export function emit(draft: Draft, outgoing: Outgoing): void {
  draft.events.push(outgoing);
}
