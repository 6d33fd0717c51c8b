/**
 * One room's data and the views of it sent to clients (src/protocol). The rules that
 * change it live in game-server.ts; this file holds no I/O.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { PlayerIndex } from '../../../src/engine';
import { createGame, setProgress } from '../../../src/game/game';
import { DEFAULT_SETTINGS } from '../../../src/game/settings';
import type { BoardSize, GameState, Settings } from '../../../src/game/types';
import {
  DEFAULT_ROOM_SETTINGS,
  SERVER_ERRORS as E,
  ROOM_CODE_LENGTH,
  type GameStateView,
  type MoveView,
  type PlayerView,
  type RoomSettings,
  type RoomStatus,
  type RoomView,
} from '../../../src/protocol';

export interface Player {
  id: string;
  username: string;
  /** The verified Supabase user id of a signed-in player; undefined when anonymous. */
  userId: string | undefined;
  socketId: string | null; // null while dropped (waiting for a rejoin)
  ready: boolean;
  rejoinToken: string;
}

export interface Room {
  code: string;
  status: RoomStatus;
  hostId: string;
  players: Player[]; // join order: index = player index in the game
  settings: RoomSettings;
  game: GameState | null;
  moves: MoveView[]; // the game's moves so far, for lastMove and undo
  pendingUndo: { requestId: string; requestedBy: PlayerIndex } | null;
}

/** Upper-case letters and digits without the look-alikes I, O, 0 and 1. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRoomCode(taken: (code: string) => boolean): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (!taken(code)) return code;
  }
}

export const newId = (): string => randomBytes(9).toString('base64url');
export const newToken = (): string => randomBytes(24).toString('base64url');

export function newPlayer(username: string, userId: string | undefined, socketId: string): Player {
  return { id: newId(), username, userId, socketId, ready: false, rejoinToken: newToken() };
}

export function newRoom(code: string, host: Player): Room {
  return {
    code,
    status: 'waiting',
    hostId: host.id,
    players: [host],
    settings: { ...DEFAULT_ROOM_SETTINGS },
    game: null,
    moves: [],
    pendingUndo: null,
  };
}

/** The game rules' settings for a room: two humans, player 0 first. */
export function gameSettings(room: Room): Settings {
  return {
    ...DEFAULT_SETTINGS,
    playerMode: 'user',
    firstPlayer: 'human',
    boardSize: String(room.settings.boardSize) as BoardSize,
    scoringMechanism: room.settings.scoringMechanism,
  };
}

export function startGame(room: Room, now: number): GameState {
  return setProgress(createGame(gameSettings(room), now), 'playing');
}

/** After the countdown: a fresh game, player 0 (the host, first to join) to move. */
export function beginGame(room: Room, now: number): void {
  room.game = startGame(room, now);
  room.moves = [];
  room.pendingUndo = null;
}

/**
 * A rematch after a finished game: the seats swap, so the other player opens (as in a match of
 * several games), and only the player who asked is ready. The finished game stays on view
 * until the next one begins.
 */
export function prepareRematch(room: Room, requesterId: string): void {
  room.players.reverse();
  for (const player of room.players) player.ready = player.id === requesterId;
  room.pendingUndo = null;
}

/**
 * Why `playerId` may not start the game, or undefined when it may: the host, in a full
 * room where everyone is ready and connected, while the room waits.
 */
export function startRefusal(room: Room, playerId: string): string | undefined {
  if (room.hostId !== playerId) return E.notHost;
  if (room.status !== 'waiting') return E.roomNotWaiting;
  const full = room.players.length === room.settings.maxPlayers;
  if (!full || !room.players.every((p) => p.ready && p.socketId !== null)) return E.cannotStart;
  return undefined;
}

/** Whether the room's game has filled its board. */
export const boardIsFull = (room: Room): boolean => room.game?.progress === 'over';

/** The other player of a two-player game. */
export const otherPlayer = (index: PlayerIndex): PlayerIndex => (index === 0 ? 1 : 0);

export function playerIndex(room: Room, playerId: string): PlayerIndex | undefined {
  const index = room.players.findIndex((p) => p.id === playerId);
  return index === 0 || index === 1 ? index : undefined;
}

export function playerView(player: Player): PlayerView {
  return {
    id: player.id,
    username: player.username,
    ready: player.ready,
    connected: player.socketId !== null,
    signedIn: player.userId !== undefined,
  };
}

export function roomView(room: Room, forPlayerId?: string): RoomView {
  return {
    code: room.code,
    status: room.status,
    hostId: room.hostId,
    ...(forPlayerId === undefined ? {} : { isHost: forPlayerId === room.hostId }),
    players: room.players.map(playerView),
    settings: { ...room.settings },
    pendingUndo: room.pendingUndo ? { ...room.pendingUndo } : null,
  };
}

export function gameView(room: Room): GameStateView | null {
  const game = room.game;
  if (!game) return null;
  const [a, b] = game.boardState.occupiedCells;
  return {
    boardState: { occupiedCells: [[...a], [...b]], gridWidth: game.boardState.gridWidth, gridHeight: game.boardState.gridHeight },
    scores: [game.scores[0], game.scores[1]],
    currentPlayer: game.currentPlayer,
    progress: game.progress === 'over' ? 'over' : 'playing',
    scoreHistory1: [...game.scoreHistory1],
    scoreHistory2: [...game.scoreHistory2],
    scoringMechanism: game.scoringMechanism,
    moveCount: room.moves.length,
    lastMove: room.moves.at(-1) ?? null,
  };
}

/** Player 0 wins with the higher score, player 1 with the higher, else a draw (SPEC §4). */
export function winnerOf(scores: readonly [number, number]): PlayerIndex | 'draw' {
  if (scores[0] > scores[1]) return 0;
  if (scores[1] > scores[0]) return 1;
  return 'draw';
}
