/**
 * The game server's edge (SPEC §7 "Realtime socket", issue 11): turns socket events into the
 * room reducer's commands, writes each accepted command to the durable log before answering,
 * then tells the room's sockets what happened. It holds only what is not the game: which socket
 * sits in which seat, the rooms by code and by rejoin-token hash, and one timer per room for its
 * next deadline. Every payload is parsed at the edge (src/protocol); a refusal changes nothing.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Rules } from '../../../src/game/game';
import {
  COUNTDOWN_SECONDS,
  IDLE_CLAIM_MS,
  REJOIN_GRACE_MS,
  ROOM_CODE_LENGTH,
  SERVER_ERRORS as E,
  UNDO_LAPSE_MS,
  nameTaken,
} from '../../../src/protocol';
import type { Command, PlayerCommand } from './commands';
import type { Journal } from './journal';
import { nextDeadline, reduce, type Outgoing, type Reply } from './reducer';
import { fromSnapshot, toSnapshot, type StoredState } from './snapshot';
import type { RoomConfig, RoomState } from './state';
import type { Ack, GameIo, GameSocket, Games } from './transport';

export interface GameServerOptions {
  engine: Rules;
  /** Milliseconds between countdown ticks (3 ticks); 1000 by default, small in tests. */
  countdownTickMs?: number;
  /** How long a dropped player may take to rejoin; 60 s by default. */
  graceMs?: number;
  /** How long a finished room stays (for late rejoins and rematches); 10 minutes by default. */
  finishedTtlMs?: number;
  undoLapseMs?: number;
  idleClaimMs?: number;
  /** Events per second allowed per socket; 20 by default. */
  eventsPerSecond?: number;
  /** Log entries of a room after which a snapshot replaces them. */
  snapshotEvery?: number;
}


interface LiveRoom {
  state: RoomState;
  seq: number;
  sinceSnapshot: number;
  timer: NodeJS.Timeout | null;
  timerAt: number | null;
}

/** Upper-case letters and digits without the look-alikes I, O, 0 and 1. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
const newId = (): string => randomBytes(9).toString('base64url');

export class GameServer implements Games {
  private readonly rooms = new Map<string, LiveRoom>(); // by room id
  private readonly byCode = new Map<string, string>(); // code → room id
  private readonly byToken = new Map<string, { roomId: string; playerId: string }>(); // token hash → seat
  private readonly seated = new Map<string, GameSocket>(); // player id → the socket in that seat
  readonly config: RoomConfig;
  readonly eventsPerSecond: number;
  private readonly snapshotEvery: number;
  private accepting = true;

  constructor(
    private readonly io: GameIo,
    private readonly journal: Journal,
    options: GameServerOptions,
  ) {
    this.config = {
      rules: options.engine,
      countdownSeconds: COUNTDOWN_SECONDS,
      countdownTickMs: options.countdownTickMs ?? 1000,
      graceMs: options.graceMs ?? REJOIN_GRACE_MS,
      finishedTtlMs: options.finishedTtlMs ?? 10 * 60_000,
      undoLapseMs: options.undoLapseMs ?? UNDO_LAPSE_MS,
      idleClaimMs: options.idleClaimMs ?? IDLE_CLAIM_MS,
    };
    this.eventsPerSecond = options.eventsPerSecond ?? 20;
    this.snapshotEvery = options.snapshotEvery ?? 200;
  }

  /** The open rooms, for tests and the bench. */
  get roomCount(): number {
    return this.rooms.size;
  }

  room(code: string): RoomState | undefined {
    const id = this.byCode.get(code);
    return id ? this.rooms.get(id)?.state : undefined;
  }

  // ------------------------------------------------------------- start-up and shut-down

  /**
   * Rebuilds every room from its log (the latest snapshot, then the commands after it), then
   * tells each it was restarted (logged too): everyone is away with a fresh grace period, and
   * players get back in with their rejoin tokens.
   */
  async restore(now = Date.now()): Promise<number> {
    const stored = await this.journal.load();
    const restarted: Promise<unknown>[] = [];
    for (const { roomId, snapshot, entries } of stored) {
      let state = snapshot ? fromSnapshot(snapshot.state as StoredState, this.config) : null;
      let seq = snapshot?.seq ?? 0;
      for (const entry of entries) {
        state = reduce(state, entry.command, entry.at, this.config).room;
        seq = entry.seq;
      }
      if (!state) continue;
      const live: LiveRoom = { state, seq, sinceSnapshot: entries.length, timer: null, timerAt: null };
      this.rooms.set(roomId, live);
      this.byCode.set(state.code, roomId);
      for (const m of state.members) this.byToken.set(m.tokenHash, { roomId, playerId: m.id });
      restarted.push(this.run(roomId, { type: 'restarted' }, now));
    }
    await Promise.all(restarted);
    return this.rooms.size;
  }

  /**
   * SIGTERM: no new commands; what was accepted is written; every client is told to reconnect
   * (socket.io then reconnects on its own, and the rejoin token brings the player back).
   */
  async shutdown(): Promise<void> {
    this.accepting = false;
    await this.journal.drain();
    this.io.emit('server:restarting', { message: 'The server is restarting: reconnecting…' });
    for (const live of this.rooms.values()) if (live.timer) clearTimeout(live.timer);
  }

  // ------------------------------------------------------------- commands

  /**
   * Reduces one command and, when it changed the room, writes it to the log; the events go out
   * and the answer comes back only once it is committed.
   */
  run(roomId: string | null, command: Command, now = Date.now()): Promise<Reply> {
    if (!this.accepting && command.type !== 'restarted') return Promise.resolve({ success: false, error: E.restarting });
    const live = roomId ? this.rooms.get(roomId) : undefined;
    const step = reduce(live?.state ?? null, command, now, this.config);
    if (!step.changed) return Promise.resolve(step.reply);
    const id = live?.state.id ?? (command.type === 'create' ? command.roomId : roomId);
    if (!id) return Promise.resolve(step.reply);
    const seq = (live?.seq ?? 0) + 1;
    const room = this.keep(id, live, step.room, seq);
    const snapshot = room && room.sinceSnapshot >= this.snapshotEvery ? toSnapshot(room.state) : undefined;
    if (room && snapshot) room.sinceSnapshot = 0;
    const written = this.journal.append({ roomId: id, seq, command, at: now, rate: step.rate, snapshot, gone: step.room === null });
    return written.then((ratings) => {
      for (const out of step.events) this.send(out.event === 'game:finished' && ratings ? withRatings(out, ratings) : out, step.room ?? live?.state);
      for (const playerId of step.left) this.unseat(playerId, (step.room ?? live?.state)?.code);
      return step.reply;
    });
  }

  /** The room after a step, in memory (ahead of the log: later commands build on it). */
  private keep(id: string, live: LiveRoom | undefined, state: RoomState | null, seq: number): LiveRoom | null {
    if (!state) {
      if (live) {
        if (live.timer) clearTimeout(live.timer);
        this.rooms.delete(id);
        if (this.byCode.get(live.state.code) === id) this.byCode.delete(live.state.code);
        for (const m of live.state.members) this.byToken.delete(m.tokenHash);
      }
      return null;
    }
    const room = live ?? { state, seq, sinceSnapshot: 0, timer: null, timerAt: null };
    if (live) for (const m of live.state.members) if (!state.members.includes(m) && !state.members.some((n) => n.id === m.id)) this.byToken.delete(m.tokenHash);
    for (const m of state.members) this.byToken.set(m.tokenHash, { roomId: id, playerId: m.id });
    room.state = state;
    room.seq = seq;
    room.sinceSnapshot += 1;
    this.rooms.set(id, room);
    this.byCode.set(state.code, id);
    this.schedule(id, room);
    return room;
  }

  /**
   * One timer per room, for its earliest deadline. A timer due later than a new deadline is
   * replaced; one due earlier is left (it finds nothing due and sets the next), so a move costs
   * no timer work.
   */
  private schedule(id: string, room: LiveRoom): void {
    const at = nextDeadline(room.state, this.config);
    if (at === null || (room.timerAt !== null && room.timerAt <= at)) return;
    if (room.timer) clearTimeout(room.timer);
    room.timerAt = at;
    room.timer = setTimeout(() => {
      room.timer = null;
      room.timerAt = null;
      if (this.rooms.get(id) !== room) return;
      void this.run(id, { type: 'tick' }).finally(() => this.rooms.get(id) === room && this.schedule(id, room));
    }, Math.max(0, at - Date.now()));
  }

  private send(out: Outgoing, room: RoomState | undefined): void {
    const emit = (target: { emit: (event: string, payload: unknown) => unknown }) => target.emit(out.event, out.payload);
    if (out.to) {
      const socket = this.seated.get(out.to);
      if (socket) emit(socket as never);
    } else if (room) {
      emit(this.io.to(room.code) as never);
    }
  }

  // ------------------------------------------------------------- seats and sockets

  /** The socket's room and player, or the error to acknowledge. */
  seat(socket: GameSocket): { roomId: string; playerId: string; state: RoomState } | { error: string } {
    const { roomId, playerId } = socket.data;
    const live = roomId ? this.rooms.get(roomId) : undefined;
    if (!live || !playerId || this.seated.get(playerId) !== socket) return { error: E.notInRoom };
    return { roomId: live.state.id, playerId, state: live.state };
  }

  private sit(socket: GameSocket, roomId: string, code: string, playerId: string, token: string): void {
    this.seated.set(playerId, socket);
    socket.data.roomId = roomId;
    socket.data.playerId = playerId;
    socket.data.seatToken = token;
    void socket.join(code);
  }

  /** A player who left (or was taken out): their socket leaves the room. */
  private unseat(playerId: string, code: string | undefined): void {
    const socket = this.seated.get(playerId);
    this.seated.delete(playerId);
    if (!socket || socket.data.playerId !== playerId) return;
    socket.data.roomId = undefined;
    socket.data.playerId = undefined;
    socket.data.seatToken = undefined;
    if (code) void socket.leave(code);
  }

  /** A command of the socket's seated player. */
  async as(socket: GameSocket, command: (playerId: string) => PlayerCommand): Promise<Ack> {
    const seat = this.seat(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    return ack(await this.run(seat.roomId, command(seat.playerId)));
  }

  // ------------------------------------------------------------- lobby

  async create(socket: GameSocket, username: string): Promise<Ack> {
    await this.leave(socket);
    const token = randomBytes(24).toString('base64url');
    const command: Command = { type: 'create', roomId: randomUUID(), code: this.newCode(), playerId: newId(), username, userId: socket.data.userId ?? null, tokenHash: hashToken(token) };
    this.sit(socket, command.roomId, command.code, command.playerId, token);
    const reply = await this.run(null, command);
    if (!reply.success) this.unseat(command.playerId, command.code);
    return ack(reply, token);
  }

  async join(socket: GameSocket, code: string, username: string): Promise<Ack> {
    const roomId = this.byCode.get(code);
    const live = roomId ? this.rooms.get(roomId) : undefined;
    if (!roomId || !live) return { success: false, error: E.roomNotFound };
    const current = this.seat(socket);
    if ('roomId' in current && current.roomId === roomId) return { success: false, error: E.alreadyInRoom };
    // Checked before leaving the current room: a refused join keeps the player where they are.
    if (live.state.members.length >= live.state.settings.maxPlayers) return { success: false, error: E.roomFull };
    if (live.state.status !== 'waiting') return { success: false, error: E.roomNotWaiting };
    if (nameTaken(live.state.members, username)) return { success: false, error: E.nameTaken };
    await this.leave(socket);
    const token = randomBytes(24).toString('base64url');
    const playerId = newId();
    this.sit(socket, roomId, code, playerId, token);
    const reply = await this.run(roomId, { type: 'join', playerId, username, userId: socket.data.userId ?? null, tokenHash: hashToken(token) });
    if (!reply.success) this.unseat(playerId, code);
    return ack(reply, token);
  }

  /** Leaves the socket's room, if any: a forfeit during a game. */
  async leave(socket: GameSocket): Promise<Ack> {
    const seat = this.seat(socket);
    if ('error' in seat) return { success: true };
    this.unseat(seat.playerId, seat.state.code);
    return ack(await this.run(seat.roomId, { type: 'leave', playerId: seat.playerId }));
  }

  private newCode(): string {
    for (;;) {
      let code = '';
      for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      if (!this.byCode.has(code)) return code;
    }
  }

  // ------------------------------------------------------------- dropping and coming back

  /** The socket's transport is gone: the seat is kept for the grace period. */
  async disconnected(socket: GameSocket): Promise<void> {
    const seat = this.seat(socket);
    if ('error' in seat) return;
    this.seated.delete(seat.playerId);
    await this.run(seat.roomId, { type: 'dropped', playerId: seat.playerId });
  }

  /** Back in with a rejoin token: the seat's new socket wins over an old one. */
  async rejoin(socket: GameSocket, token: string): Promise<Ack> {
    const found = this.byToken.get(hashToken(token));
    const live = found ? this.rooms.get(found.roomId) : undefined;
    if (!found || !live || !live.state.members.some((m) => m.id === found.playerId)) return { success: false, error: E.rejoinFailed };
    const old = this.seated.get(found.playerId);
    if (old && old !== socket) this.unseat(found.playerId, live.state.code);
    return this.comeBack(socket, found.roomId, live.state.code, found.playerId, token);
  }

  /**
   * A socket that socket.io recovered within the grace period keeps its id, rooms and data: it
   * is its player coming back without a token. Undefined when its seat is gone or taken over.
   */
  async recover(socket: GameSocket): Promise<Ack | undefined> {
    const { roomId, playerId, seatToken } = socket.data;
    const live = roomId ? this.rooms.get(roomId) : undefined;
    const holder = playerId ? this.seated.get(playerId) : undefined;
    if (live && playerId && seatToken && live.state.members.some((m) => m.id === playerId) && (!holder || holder === socket)) {
      return this.comeBack(socket, live.state.id, live.state.code, playerId, seatToken);
    }
    const code = live?.state.code;
    socket.data.roomId = undefined;
    socket.data.playerId = undefined;
    socket.data.seatToken = undefined;
    if (code) void socket.leave(code);
    return undefined;
  }

  private async comeBack(socket: GameSocket, roomId: string, code: string, playerId: string, token: string): Promise<Ack> {
    this.sit(socket, roomId, code, playerId, token);
    return ack(await this.run(roomId, { type: 'back', playerId }), token);
  }

  // ------------------------------------------------------------- during a game

  forfeit = (socket: GameSocket) => this.as(socket, (playerId) => ({ type: 'forfeit', playerId }));
  requestUndo = (socket: GameSocket) => this.as(socket, (playerId) => ({ type: 'requestUndo', playerId, requestId: newId() }));

  close(): void {
    for (const live of this.rooms.values()) if (live.timer) clearTimeout(live.timer);
    this.rooms.clear();
    this.byCode.clear();
    this.byToken.clear();
    this.seated.clear();
  }
}

/** The acknowledgement of a reply; entering a room adds the rejoin token. */
function ack(reply: Reply, token?: string): Ack {
  if (!reply.success) return reply;
  const { entered, ...rest } = reply;
  if (entered) return { success: true, ...entered, rejoinToken: token ?? '' };
  return rest;
}

function withRatings(out: Outgoing, ratings: { player1: { before: number; after: number }; player2: { before: number; after: number } }): Outgoing {
  if (out.event !== 'game:finished') return out;
  const [p0, p1] = out.payload.room.players;
  return {
    ...out,
    payload: {
      ...out.payload,
      ratings: [
        { playerId: p0?.id ?? '', ...ratings.player1 },
        { playerId: p1?.id ?? '', ...ratings.player2 },
      ],
    },
  };
}

