/**
 * What a new room and a new seat get on this node: ids, rejoin tokens (kept only as hashes), a
 * room code no open room holds on any node (its lease), and the room of a pair quick play made
 * (and, when its players should have come in, who did).
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { ROOM_CODE_LENGTH } from '../../../../src/protocol';
import type { Entrant } from '../core/commands';
import type { OwnedRooms } from './owned-rooms';
import type { Pair } from '../quick-play/pool-store';
import type { Arrival, Opened } from '../quick-play/quick-play';

/** Upper-case letters and digits without the look-alikes I, O, 0 and 1. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
export const newId = (): string => randomBytes(9).toString('base64url');
export const newToken = (): string => randomBytes(24).toString('base64url');

/** A code for a new room and its lease: one taken by a room of another node is drawn again. */
export async function claimCode(owned: OwnedRooms, roomId: string): Promise<{ code: string; lease: { fence: number } }> {
  let code = newCode(owned);
  let lease = await owned.leases.claimNew(roomId, code);
  while (!lease) lease = await owned.leases.claimNew(roomId, (code = newCode(owned)));
  return { code, lease };
}

function newCode(owned: OwnedRooms): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (!owned.byCode.has(code)) return code;
  }
}

/**
 * The room of a pair the pool made, owned by this node: both players seated and ready,
 * in an order drawn at random (who opens), each with a rejoin token to come in with.
 */
export async function openPaired(owned: OwnedRooms, pair: Pair): Promise<Opened | null> {
  const [a, b] = randomInt(2) === 0 ? pair : ([pair[1], pair[0]] as Pair);
  const roomId = randomUUID();
  const { code, lease } = await claimCode(owned, roomId);
  const tokens: [string, string] = [newToken(), newToken()];
  const entrant = (entry: Pair[number], token: string): Entrant => ({ playerId: newId(), username: entry.username, userId: entry.userId, tokenHash: hashToken(token) });
  const settings = { boardSize: a.boardSize, timeControl: a.timeControl, rated: a.userId !== null && b.userId !== null, mirrorRule: true };
  const players: [Entrant, Entrant] = [entrant(a, tokens[0]), entrant(b, tokens[1])];
  const reply = await owned.run(null, { type: 'paired', roomId, code, settings, players }, owned.clock.now(), lease.fence);
  if (!reply.success) {
    console.error(`quick play: the room of a pair was refused: ${reply.error}`);
    return null;
  }
  // Tokens and players in the pair's own order, whoever opens.
  const inPairOrder = <T>([first, second]: [T, T]): [T, T] => (a === pair[0] ? [first, second] : [second, first]);
  const playerIds = inPairOrder([players[0].playerId, players[1].playerId]);
  return {
    code,
    tokens: inPairOrder(tokens),
    arrivals: () => arrivals(owned, roomId, playerIds),
    takeOut: async (i) => {
      if (owned.get(roomId)) await owned.run(roomId, { type: 'leave', playerId: playerIds[i]! });
    },
  };
}

/**
 * Who of a pair came into their room (quick-play.ts asks at the arrival deadline), in the pair's
 * order: 'in', 'missing' (still seated but not there: never came, or dropped) or 'left'. Null
 * when there is nothing to judge: the game is starting or under way, the room is gone, or it is
 * another node's now.
 */
function arrivals(owned: OwnedRooms, roomId: string, playerIds: [string, string]): Arrival[] | null {
  const room = owned.get(roomId)?.state;
  if (!room || room.game !== null || room.status !== 'waiting') return null;
  return playerIds.map((id) => {
    const member = room.members.find((m) => m.id === id);
    return !member ? 'left' : member.connected ? 'in' : 'missing';
  });
}
