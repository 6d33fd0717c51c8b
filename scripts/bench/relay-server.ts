/**
 * The bare socket.io relay of `npm run bench:rooms`: the yardstick the game server is measured
 * against, the least any server of this design can cost per move. Same socket.io
 * server and options as attachGameServer (server/src/rooms/index.ts), same events and payload
 * shapes as far as the bots (rooms-bot.ts) use them, but no engine, no scoring, no statechart,
 * no throttle, no database: a move is checked only for turn and free cell (so a bot's mistake
 * still shows as an error), acknowledged to the sender and broadcast to the room as
 * `game:moveMade`, as the real server does. Spawned by scripts/bench-rooms.ts with
 * `tsx scripts/bench/relay-server.ts --countdown-tick-ms MS --max-s S [--cpu-prof DIR]` and
 * measured by server-harness.ts exactly as rooms-server.ts is.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  COUNTDOWN_SECONDS,
  DEFAULT_ROOM_SETTINGS,
  REJOIN_GRACE_MS,
  UNDO_REQUESTS_PER_GAME,
  type GameStateView,
  type MoveView,
  type PlayerView,
  type RoomStatus,
  type RoomView,
  type Wire,
} from '../../src/protocol/messages';
import { option } from './options';
import { runBenchServer } from './server-harness';

/** A room: its players in seat order and just enough of the game to refuse illegal moves and build the views. */
interface RelayRoom {
  code: string;
  players: PlayerView[];
  status: RoomStatus;
  size: number;
  taken: Uint8Array;
  /** The bots pick their moves from these 'x-y' lists, so they are kept as the real server sends them. */
  occupied: [string[], string[]];
  /** Stand-ins for the score histories (each player's cell count): the same length and magnitude, no scoring. */
  history: [number[], number[]];
  currentPlayer: 0 | 1;
  lastMove: MoveView | null;
}

interface Seat {
  room?: RelayRoom;
  index?: number;
}

type RelayServer = Server<Record<string, never>, Record<string, never>, Record<string, never>, Seat>;
type RelaySocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, Seat>;
type Reply = { success: true; [data: string]: unknown } | { success: false; error: string };

const newId = () => randomBytes(9).toString('base64url');

function roomView(room: RelayRoom): RoomView {
  return {
    code: room.code,
    status: room.status,
    hostId: room.players[0]?.id ?? '',
    players: room.players,
    settings: DEFAULT_ROOM_SETTINGS,
    pendingUndo: null,
    undoRequestsLeft: [UNDO_REQUESTS_PER_GAME, UNDO_REQUESTS_PER_GAME],
    claimableBy: null,
    quickPlay: false,
  };
}

/**
 * A copy, as the real server's gameView makes (connection-state recovery keeps every broadcast
 * packet), with the scores as decimal strings, as the real server sends them.
 */
function gameView(room: RelayRoom): Wire<GameStateView> {
  const [a, b] = room.occupied;
  const [p0, p1] = room.players;
  return {
    boardState: { occupiedCells: [[...a], [...b]], gridWidth: room.size, gridHeight: room.size },
    scores: [String(a.length), String(b.length)],
    currentPlayer: room.currentPlayer,
    progress: room.status === 'playing' ? 'playing' : 'over',
    scoreHistory1: room.history[0].map(String),
    scoreHistory2: room.history[1].map(String),
    scoringMechanism: DEFAULT_ROOM_SETTINGS.scoringMechanism,
    moveCount: a.length + b.length,
    lastMove: room.lastMove,
    seats: [
      { id: p0?.id ?? '', username: p0?.username ?? '' },
      { id: p1?.id ?? '', username: p1?.username ?? '' },
    ],
    clocks: null,
  };
}

class Relay {
  private readonly rooms = new Map<string, RelayRoom>();
  private nextCode = 0;

  constructor(
    private readonly io: RelayServer,
    private readonly countdownTickMs: number,
  ) {
    io.on('connection', (socket: RelaySocket) => {
      const on = (event: string, handle: (socket: RelaySocket, payload: Record<string, unknown>) => Reply) =>
        socket.on(event, (payload: unknown, ack: unknown) => {
          const reply = handle(socket, typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {});
          if (typeof ack === 'function') ack(reply);
        });
      on('room:create', (s, p) => this.enter(s, this.newRoom(), p.username));
      on('room:join', (s, p) => {
        const room = this.rooms.get(String(p.code));
        return room && room.players.length < 2 ? this.enter(s, room, p.username) : { success: false, error: 'Room not found' };
      });
      // Set-up happens before the measured window, so readiness is simply granted.
      on('room:setReady', (s) => (s.data.room ? { success: true, room: roomView(s.data.room) } : { success: false, error: 'Not in a room' }));
      on('game:start', (s) => this.start(s));
      on('game:move', (s, p) => this.move(s, p.row, p.col));
    });
  }

  get size(): number {
    return this.rooms.size;
  }

  private newRoom(): RelayRoom {
    // A counter, not random letters: codes only have to be unique here.
    const code = (this.nextCode++).toString(36).toUpperCase().padStart(6, '0');
    const size = DEFAULT_ROOM_SETTINGS.boardSize;
    const room: RelayRoom = { code, players: [], status: 'waiting', size, taken: new Uint8Array(size * size), occupied: [[], []], history: [[], []], currentPlayer: 0, lastMove: null };
    this.rooms.set(code, room);
    return room;
  }

  private enter(socket: RelaySocket, room: RelayRoom, username: unknown): Reply {
    const player: PlayerView = { id: newId(), username: String(username), ready: true, connected: true, signedIn: false };
    socket.data.room = room;
    socket.data.index = room.players.push(player) - 1;
    void socket.join(room.code);
    return { success: true, room: roomView(room), playerId: player.id, rejoinToken: newId(), gameState: null };
  }

  /** The real server's countdown (one room:gameStarting a tick, then game:started), so games start on the same schedule. */
  private start(socket: RelaySocket): Reply {
    const room = socket.data.room;
    if (!room || socket.data.index !== 0 || room.status !== 'waiting' || room.players.length !== 2) return { success: false, error: 'Cannot start' };
    room.status = 'starting';
    const tick = (left: number) => {
      if (left > 0) {
        this.io.to(room.code).emit('room:gameStarting', { countdown: left, room: roomView(room) });
        return void setTimeout(() => tick(left - 1), this.countdownTickMs);
      }
      room.status = 'playing';
      this.io.to(room.code).emit('game:started', { room: roomView(room), gameState: gameView(room) });
    };
    tick(COUNTDOWN_SECONDS);
    return { success: true };
  }

  private move(socket: RelaySocket, row: unknown, col: unknown): Reply {
    const { room, index } = socket.data;
    if (!room || room.status !== 'playing') return { success: false, error: 'No game in progress' };
    if (index !== room.currentPlayer) return { success: false, error: 'Not your turn' };
    if (!Number.isInteger(row) || !Number.isInteger(col)) return { success: false, error: 'Invalid move' };
    const [y, x] = [row as number, col as number];
    if (y < 0 || x < 0 || y >= room.size || x >= room.size || room.taken[y * room.size + x]) return { success: false, error: 'Cell is not free' };
    room.taken[y * room.size + x] = 1;
    room.occupied[room.currentPlayer].push(`${x}-${y}`);
    room.history[0].push(room.occupied[0].length);
    room.history[1].push(room.occupied[1].length);
    const move: MoveView = { row: y, col: x, player: room.currentPlayer };
    room.lastMove = move;
    room.currentPlayer = room.currentPlayer === 0 ? 1 : 0;
    const full = room.occupied[0].length + room.occupied[1].length === room.size * room.size;
    if (full) room.status = 'finished';
    const gameState = gameView(room);
    this.io.to(room.code).emit('game:moveMade', { gameState, move });
    if (full) this.finish(room, gameState);
    return { success: true, gameState };
  }

  /** game:finished as the real server sends it after a full board; the room goes at once (no rejoin, no rematch). */
  private finish(room: RelayRoom, gameState: Wire<GameStateView>): void {
    const [a, b] = room.occupied.map((cells) => cells.length) as [number, number];
    const winner = a > b ? 0 : b > a ? 1 : 'draw';
    this.io.to(room.code).emit('game:finished', { winner, scores: gameState.scores, reason: 'board-full', gameState, room: roomView(room) });
    this.rooms.delete(room.code);
  }
}

runBenchServer('relay-server', async () => {
  const http = createServer((_req, res) => res.writeHead(404).end());
  // attachGameServer's options: connection-state recovery keeps a copy of every broadcast, a cost
  // of this design's reconnects rather than of the game, so the relay pays it too.
  const io: RelayServer = new Server(http, {
    cors: { origin: true },
    maxHttpBufferSize: 16 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: REJOIN_GRACE_MS, skipMiddlewares: true },
  });
  const relay = new Relay(io, option('countdown-tick-ms', 10));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    http,
    rooms: () => relay.size,
    close: () => Promise.race([new Promise<void>((resolve) => void io.close(() => resolve())), new Promise<void>((resolve) => setTimeout(resolve, 5000))]),
  };
}).catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
