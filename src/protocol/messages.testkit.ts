/**
 * Well-formed protocol values, as the game server sends them (scores as decimal strings), for the
 * protocol's and the socket's tests; `parsed…` and PARSED are the same values as the page has them
 * once parsed (scores as bigints).
 */
import type { GameStateView, PlayerView, RoomView, ServerToClientEvents, Wire } from './messages';

export const player: PlayerView = { id: 'p1', username: 'Ann', ready: true, connected: true, signedIn: false };
export const other: PlayerView = { id: 'p2', username: 'Bob', ready: false, connected: true, signedIn: true };

export const room: RoomView = {
  code: 'ABC234',
  status: 'playing',
  hostId: 'p1',
  players: [player, other],
  settings: { boardSize: 6, scoringMechanism: 'connection', maxPlayers: 2, rated: true, timeControl: 'untimed', visibility: 'private', mirrorRule: true },
  pendingUndo: null,
  undoRequestsLeft: [3, 2],
  claimableBy: null,
  quickPlay: false,
};

export const gameState: Wire<GameStateView> = {
  boardState: { occupiedCells: [['0-0'], ['1-0']], gridWidth: 6, gridHeight: 6 },
  scores: ['1', '1'],
  currentPlayer: 0,
  progress: 'playing',
  scoreHistory1: ['1', '1'],
  scoreHistory2: ['0', '1'],
  scoringMechanism: 'connection',
  moveCount: 2,
  lastMove: { row: 0, col: 1, player: 1 },
  seats: [
    { id: 'p1', username: 'Ann' },
    { id: 'p2', username: 'Bob' },
  ],
  clocks: null,
};

/** The game state as the page has it once parsed: the same, with bigint scores. */
export const parsedGameState: GameStateView = { ...gameState, scores: [1n, 1n], scoreHistory1: [1n, 1n], scoreHistory2: [0n, 1n] };

export const entered = { room, playerId: 'p1', rejoinToken: 'tok', gameState };
export const parsedEntered = { ...entered, gameState: parsedGameState };

type Payloads = { [K in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[K]>[0] };
type WirePayloads = { [K in keyof ServerToClientEvents]: Wire<Payloads[K]> };

/** A well-formed payload of every server event, as the server sends it. */
export const VALID: WirePayloads = {
  'room:playerJoined': { player: other, players: [player, other], room },
  'room:playerLeft': { playerId: 'p2', players: [player], hostId: 'p1', room },
  'room:settingsUpdated': { settings: { boardSize: 8, scoringMechanism: 'connection', maxPlayers: 2, rated: true, timeControl: 'untimed', visibility: 'private', mirrorRule: true }, room },
  'room:playerReady': { playerId: 'p2', ready: true, players: [player, other], room },
  'room:gameStarting': { countdown: 3, room },
  'room:playerDisconnected': { playerId: 'p2', players: [player, { ...other, connected: false }], room, graceMs: 60_000 },
  'room:playerReconnected': { playerId: 'p2', players: [player, other], room },
  'room:rejoined': entered,
  'game:started': { room, gameState },
  'game:moveMade': { gameState, move: { row: 0, col: 1, player: 1 } },
  'game:finished': {
    winner: 'draw',
    scores: ['1', '1'],
    reason: 'board-full',
    gameState,
    room,
    ratings: [
      { playerId: 'p1', before: 1200, after: 1200 },
      { playerId: 'p2', before: 1200, after: 1200 },
    ],
  },
  'game:undoRequested': { requestId: 'r1', requestedBy: 0, playerId: 'p1' },
  'game:undoApproved': { requestId: 'r1', gameState },
  'game:undoRejected': { requestId: 'r1' },
  'game:forfeited': { forfeitingPlayer: { id: 'p2', username: 'Bob', index: 1 }, winner: 0, reason: 'forfeit' },
  'game:undoWithdrawn': { requestId: 'r1' },
  'game:clockResumed': { clocks: { remainingMs: [41_000, 37_500], running: 1 } },
  'game:victoryClaimable': { claimant: 1, room: { ...room, claimableBy: 1 } },
  'server:restarting': { message: 'The server is restarting: reconnecting…' },
  'lobby:openGames': { games: [{ code: 'ABC234', host: 'Ann', hostRating: 1250, boardSize: 8, scoringMechanism: 'connection', rated: false, timeControl: '3+2', mirrorRule: true }] },
  'pool:paired': { code: 'K3XQ9A', rejoinToken: 'tok' },
  'room:spectators': { code: 'ABC234', count: 3 },
};

/** VALID as the page has it once parsed: every score a bigint. */
export const PARSED: Payloads = {
  ...VALID,
  'room:rejoined': parsedEntered,
  'game:started': { room, gameState: parsedGameState },
  'game:moveMade': { ...VALID['game:moveMade'], gameState: parsedGameState },
  'game:finished': { ...VALID['game:finished'], scores: [1n, 1n], gameState: parsedGameState },
  'game:undoApproved': { requestId: 'r1', gameState: parsedGameState },
};
