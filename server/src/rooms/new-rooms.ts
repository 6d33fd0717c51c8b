/**
 * What a new room and a new seat get on this node: ids, rejoin tokens (kept only as hashes), a
 * room code no open room holds on any node (its lease), and the room of a pair quick play made.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { ROOM_CODE_LENGTH } from '../../../src/protocol';
import type { Entrant } from './commands';
import type { OwnedRooms } from './owned-rooms';
import type { Pair } from './pool-store';
import type { Opened } from './quick-play';

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
 * The room of a pair the pool made (issue 14), owned by this node: both players seated and ready,
 * in an order drawn at random (who opens), each with a rejoin token to come in with.
 */
export async function openPaired(owned: OwnedRooms, pair: Pair): Promise<Opened | null> {
  const [a, b] = randomInt(2) === 0 ? pair : ([pair[1], pair[0]] as Pair);
  const roomId = randomUUID();
  const { code, lease } = await claimCode(owned, roomId);
  const tokens: [string, string] = [newToken(), newToken()];
  const entrant = (entry: Pair[number], token: string): Entrant => ({ playerId: newId(), username: entry.username, userId: entry.userId, tokenHash: hashToken(token) });
  const settings = { boardSize: a.boardSize, timeControl: a.timeControl, rated: a.userId !== null && b.userId !== null };
  const reply = await owned.run(null, { type: 'paired', roomId, code, settings, players: [entrant(a, tokens[0]), entrant(b, tokens[1])] }, owned.clock.now(), lease.fence);
  if (!reply.success) {
    console.error(`quick play: the room of a pair was refused: ${reply.error}`);
    return null;
  }
  // Tokens in the pair's own order, whoever opens.
  return { code, tokens: a === pair[0] ? tokens : [tokens[1], tokens[0]] };
}
