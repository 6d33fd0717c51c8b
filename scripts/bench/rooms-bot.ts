/**
 * The bots of `npm run bench:rooms`: one room of two socket.io clients over loopback that
 * create/join, ready, start and play a whole game with legal random moves, timing each move
 * from emit to acknowledgement. A bot may think (wait `thinkMs`) before each move, as a person
 * would; the think time is not part of the round-trip. Every failure is reported through `errors`, never thrown.
 */
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { SERVER_ERRORS, type EnteredRoom, type GameFinishedPayload, type GameStateView, type ServerEventPayload } from '../../src/protocol';

export interface BenchErrors {
  count: number;
  first: string[];
}

export function addError(errors: BenchErrors, message: string): void {
  errors.count += 1;
  if (errors.first.length < 8) errors.first.push(message);
}

export interface RoomRunOptions {
  url: string;
  /** Minimum ms between two events of one bot (keeps it under the server's per-socket throttle). */
  minGapMs: number;
  /** A pause before each move, after the bot sees it is its turn (a person thinking); 0 = none. */
  thinkMs: number;
  /** Ack timeout per event. */
  ackTimeoutMs: number;
  random: () => number;
  /** Move round-trips in ms are pushed here. */
  rtts: number[];
  /** Moves emitted (requested) so far, acknowledged or not. */
  moves: { requested: number };
  /**
   * Where given: the moves sent and not answered yet (their send times), and the waits of the
   * moves and other commands (a game's start) never answered within `ackTimeoutMs`.
   */
  unanswered?: { inFlight: Set<{ sent: number }>; timedOutMs: number[] };
  errors: BenchErrors;
  /** Every socket made, so the caller can close them all whatever happens. */
  sockets: Socket[];
}

type Ack = { success: true; [key: string]: unknown } | { success: false; error: string };

/** One bot: a socket with its own pacing under the throttle. */
class Bot {
  private lastEmit = -Infinity;
  playerId = '';
  index = -1;
  /** The highest moveCount this bot has acted on (dedups the ack and the broadcast). */
  private seen = -1;
  /** The position it is to play in, and the cells "No mirroring" refused there ('x-y'). */
  private position: GameStateView | undefined;
  private readonly refused = new Set<string>();
  finished: GameFinishedPayload | undefined;

  constructor(
    readonly name: string,
    readonly socket: Socket,
    private readonly opts: RoomRunOptions,
    private readonly label: string,
  ) {}

  private async paced(): Promise<void> {
    const wait = this.lastEmit + this.opts.minGapMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastEmit = performance.now();
  }

  /** Emits with an acknowledgement; an error ack or a timeout is recorded and yields undefined. */
  async call(event: string, payload: unknown): Promise<Ack | undefined> {
    await this.paced();
    const start = performance.now();
    try {
      const ack = (await this.socket.timeout(this.opts.ackTimeoutMs).emitWithAck(event, payload)) as Ack;
      // Told to join on the room's node is no failure: the bot goes there (setUpRoom).
      if (!ack.success && ack.error !== SERVER_ERRORS.roomElsewhere) addError(this.opts.errors, `${this.label} ${this.name} ${event}: ${ack.error}`);
      return ack;
    } catch (error) {
      this.opts.unanswered?.timedOutMs.push(performance.now() - start);
      addError(this.opts.errors, `${this.label} ${this.name} ${event}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Acts on a game state once: moves to a random free cell when it is this bot's turn. */
  onState(state: GameStateView): void {
    if (state.moveCount <= this.seen) return;
    this.seen = state.moveCount;
    this.position = state;
    this.refused.clear();
    this.play(state);
  }

  private play(state: GameStateView): void {
    if (state.progress !== 'playing' || state.currentPlayer !== this.index) return;
    const { occupiedCells, gridWidth, gridHeight } = state.boardState;
    const taken = new Set([...occupiedCells[0], ...occupiedCells[1], ...this.refused]);
    const free: { row: number; col: number }[] = [];
    for (let y = 0; y < gridHeight; y++) for (let x = 0; x < gridWidth; x++) if (!taken.has(`${x}-${y}`)) free.push({ row: y, col: x });
    const move = free[Math.floor(this.opts.random() * free.length)];
    if (!move) return;
    void this.move(move);
  }

  private async move(move: { row: number; col: number }): Promise<void> {
    if (this.opts.thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, this.opts.thinkMs));
    if (!this.socket.connected) return;
    await this.paced();
    this.opts.moves.requested += 1;
    const start = performance.now();
    const waiting = { sent: start };
    this.opts.unanswered?.inFlight.add(waiting);
    let ack: Ack;
    try {
      ack = (await this.socket.timeout(this.opts.ackTimeoutMs).emitWithAck('game:move', move)) as Ack;
    } catch (error) {
      this.opts.unanswered?.timedOutMs.push(performance.now() - start);
      addError(this.opts.errors, `${this.label} ${this.name} game:move: ${error instanceof Error ? error.message : String(error)}`);
      return;
    } finally {
      this.opts.unanswered?.inFlight.delete(waiting);
    }
    if (!ack.success && ack.error === SERVER_ERRORS.mirroring && this.position) {
      // Rooms play under "No mirroring" by default: like a player, the bot tries another cell.
      this.refused.add(`${move.col}-${move.row}`);
      return this.play(this.position);
    }
    if (!ack.success) return addError(this.opts.errors, `${this.label} ${this.name} game:move: ${ack.error}`);
    this.opts.rtts.push(performance.now() - start);
    this.onState(ack.gameState as GameStateView);
  }
}

/**
 * A bot's connection. Like the page, it follows: told that a room is on another node,
 * it connects again asking the load balancer for that node (`node`) and joins there.
 */
function open(opts: RoomRunOptions, label: string, name: string, node?: string): Promise<Bot | undefined> {
  const socket = connect(opts.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    timeout: opts.ackTimeoutMs,
    auth: { follow: true },
    ...(node ? { query: { node } } : {}),
  });
  opts.sockets.push(socket);
  const bot = new Bot(name, socket, opts, label);
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') addError(opts.errors, `${label} ${name} disconnected: ${reason}`);
  });
  socket.on('game:forfeited', () => addError(opts.errors, `${label} ${name}: game forfeited`));
  socket.on('game:started', (p: ServerEventPayload<'game:started'>) => {
    bot.index = p.room.players.findIndex((player) => player.id === bot.playerId);
    bot.onState(p.gameState);
  });
  socket.on('game:moveMade', (p: ServerEventPayload<'game:moveMade'>) => bot.onState(p.gameState));
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(bot));
    socket.once('connect_error', (error) => {
      addError(opts.errors, `${label} ${name} connect_error: ${error.message}`);
      resolve(undefined);
    });
    socket.connect();
  });
}

export interface SetUpRoom {
  host: Bot;
  guest: Bot;
}

/** Connects both bots, creates and joins a room and readies both; undefined on any failure. */
export async function setUpRoom(opts: RoomRunOptions, n: number): Promise<SetUpRoom | undefined> {
  const label = `room#${n}`;
  const [host, first] = await Promise.all([open(opts, label, 'host'), open(opts, label, 'guest')]);
  let guest = first;
  if (!host || !guest) return undefined;
  const created = (await host.call('room:create', { username: `host${n}` })) as (Ack & Partial<EnteredRoom>) | undefined;
  if (!created?.success || !created.room) return undefined;
  host.playerId = created.playerId ?? '';
  const join = (bot: Bot) => bot.call('room:join', { code: created.room!.code, username: `guest${n}` }) as Promise<(Ack & Partial<EnteredRoom> & { node?: string }) | undefined>;
  let joined = await join(guest);
  if (joined && !joined.success && joined.error === SERVER_ERRORS.roomElsewhere && joined.node) {
    guest.socket.disconnect();
    guest = await open(opts, label, 'guest', joined.node);
    if (!guest) return undefined;
    joined = await join(guest);
  }
  if (!joined?.success) return undefined;
  guest.playerId = joined.playerId ?? '';
  const ready = await Promise.all([host.call('room:setReady', { ready: true }), guest.call('room:setReady', { ready: true })]);
  if (!ready.every((a) => a?.success)) return undefined;
  return { host, guest };
}

/** Starts the game and resolves true when both bots saw game:finished after a full board. */
export async function playRoom(room: SetUpRoom, n: number, errors: BenchErrors, deadline: Promise<void>): Promise<boolean> {
  const finished = (bot: Bot) =>
    new Promise<GameFinishedPayload>((resolve) => bot.socket.once('game:finished', (p: GameFinishedPayload) => resolve(p)));
  const both = Promise.all([finished(room.host), finished(room.guest)]);
  const started = await room.host.call('game:start', {});
  if (!started?.success) return false;
  const outcome = await Promise.race([both, deadline.then(() => undefined)]);
  if (!outcome) return false;
  const [a] = outcome;
  const cells = a.gameState.boardState.gridWidth * a.gameState.boardState.gridHeight;
  if (a.reason !== 'board-full' || a.gameState.moveCount !== cells) {
    addError(errors, `room#${n}: finished with ${a.reason} after ${a.gameState.moveCount}/${cells} moves`);
    return false;
  }
  return true;
}
