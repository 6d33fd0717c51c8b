/**
 * The online rules both sides decide with: the server's room reducer refuses with
 * them and the page greys out its buttons with them, so the two cannot drift. Pure functions
 * over the views of messages.ts (the server's own room state has the same fields).
 */
import type { PlayerIndex } from '../engine';
import { SERVER_ERRORS as E, type GameStateView, type PlayerView, type RoomView } from './messages';

export { winnerOf } from '../game/result';

/** The other player of a two-player game. */
export const otherPlayer = (index: PlayerIndex): PlayerIndex => (index === 0 ? 1 : 0);

export const isPlayerIndex = (value: number): value is PlayerIndex => value === 0 || value === 1;

/** What startRefusal needs of a room. */
export interface StartableRoom {
  hostId: string;
  status: RoomView['status'];
  players: readonly Pick<PlayerView, 'id' | 'ready' | 'connected'>[];
  settings: Pick<RoomView['settings'], 'maxPlayers'>;
}

/**
 * Why `playerId` may not start the game, or undefined when it may: the host, in a full room
 * where everyone is ready and present, while the room waits.
 */
export function startRefusal(room: StartableRoom, playerId: string): string | undefined {
  if (room.hostId !== playerId) return E.notHost;
  if (room.status !== 'waiting') return E.roomNotWaiting;
  const full = room.players.length === room.settings.maxPlayers;
  if (!full || !room.players.every((p) => p.ready && p.connected)) return E.cannotStart;
  return undefined;
}

/** What undoRefusal needs of a game under way. */
export interface UndoableGame {
  currentPlayer: PlayerIndex;
  moveCount: number;
  pendingUndo: unknown;
  undoRequestsLeft: readonly [number, number];
}

/**
 * Why player `index` may not ask for an undo, or undefined when they may (SPEC §5):
 * on their own turn, with a move of theirs on the board, none pending, requests left.
 */
export function undoRefusal(game: UndoableGame, index: PlayerIndex): string | undefined {
  if (game.currentPlayer !== index) return E.notYourTurn;
  if (game.pendingUndo) return E.undoPending;
  if (game.moveCount < 2) return E.undoNotAllowed;
  if (game.undoRequestsLeft[index] <= 0) return E.undoLimit;
  return undefined;
}

/**
 * Whether a room (or an open game) plays under "No mirroring": on unless it says false. Rooms are
 * rated, and the rule is on wherever results are rated; a server that leaves it out has it on.
 */
export const mirrorRuleOn = (settings: { mirrorRule?: boolean }): boolean => settings.mirrorRule !== false;

/** The name in a seat of a game: from the game's own seats, so it stays after a player leaves. */
export const seatName = (game: Pick<GameStateView, 'seats'>, index: PlayerIndex): string => game.seats[index].username;

/** The seat a player sits in during a game, if any. */
export function seatOf(game: Pick<GameStateView, 'seats'>, playerId: string | null): PlayerIndex | undefined {
  const index = game.seats.findIndex((seat) => seat.id === playerId);
  return index === 0 || index === 1 ? index : undefined;
}

/** How names are compared within a room: "Alice", " alice " and "ＡＬＩＣＥ" are one name. */
const sameName = (name: string): string => name.normalize('NFKC').trim().toLocaleLowerCase('en-US');

/** Whether `username` is already someone's in the room (a join is then refused). */
export function nameTaken(members: readonly { username: string }[], username: string): boolean {
  const wanted = sameName(username);
  return members.some((m) => sameName(m.username) === wanted);
}
