/**
 * Quick play: the room of two players the pool paired (quick-play/pairing.ts), as the room reducer
 * opens it. Both are seated at once, ready, with the pool's board size and time control; each is
 * away until their page comes in with the rejoin token it was sent (pool:paired), on whichever
 * node. The countdown starts by itself when both are in, as a lichess pairing starts the game with
 * no further click; a player who never comes loses the seat after the grace period, as anyone away
 * from a waiting room does.
 */
import { DEFAULT_ROOM_SETTINGS, startRefusal } from '../../../../src/protocol';
import type { Command } from './commands';
import { newMember, newRoom, type RoomConfig, type RoomState } from './state';
import { set, type Draft, type Reply } from './step';

export function openPairedRoom(draft: Draft, command: Extract<Command, { type: 'paired' }>, now: number, config: RoomConfig): Reply {
  const [first, second] = command.players.map((p) => ({
    ...newMember(p.playerId, p.username, p.userId, p.tokenHash),
    ready: true,
    connected: false,
    awayUntil: now + config.graceMs,
  }));
  const room = newRoom(command.roomId, command.code, first!);
  set(draft, {
    ...room,
    members: [first!, second!],
    settings: { ...DEFAULT_ROOM_SETTINGS, ...command.settings, scoringMechanism: 'connection', mirrorRule: command.settings.mirrorRule === true },
    quickPlay: true,
  });
  return { success: true };
}

/** A room of quick play before its first game, full, with everyone ready and in: it starts now. */
export function startsByItself(room: RoomState): boolean {
  return room.quickPlay === true && room.game === null && startRefusal({ ...room, players: room.members }, room.hostId) === undefined;
}
