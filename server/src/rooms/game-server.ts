/**
 * The authoritative game server over socket.io (SPEC §4 "Multiplayer room", "Multiplayer
 * game events", §7 "Realtime socket"): rooms, ready/start with a countdown, moves checked
 * with the engine through the pure rules of src/game, undo, forfeit, leaving, rejoining.
 * Every payload is parsed at the edge (src/protocol/parse.ts); every refusal is an error
 * acknowledgement that changes nothing.
 */
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { createActor } from 'xstate';
import type { Rules } from '../../../src/game/game';
import type { EnteredRoom, FinishReason, GameFinishedPayload, Parsed, RatingChange } from '../../../src/protocol';
import {
  COUNTDOWN_SECONDS,
  REJOIN_GRACE_MS,
  SERVER_ERRORS as E,
  parseCreateRoom,
  parseEmpty,
  parseHandshakeAuth,
  parseJoinRoom,
  parseMove,
  parseRejoin,
  parseRespondUndo,
  parseSetReady,
  parseUpdateSettings,
} from '../../../src/protocol';
import type { Database } from '../db/database';
import { GameActions } from './game-actions';
import { recordRatedGame } from './results';
import { gameView, newPlayer, newRoom, newRoomCode, playerView, roomView, startRefusal, type Player, type Room } from './room';
import { roomMachine, type RoomActor, type RoomEvent, type Winner } from './room.machine';
import { EventBudget } from './throttle';

export interface GameServerOptions {
  engine: Rules;
  db?: Database;
  /** Milliseconds between countdown ticks (3 ticks); 1000 by default, small in tests. */
  countdownTickMs?: number;
  /** How long a dropped player may take to rejoin a game; 60 s by default. */
  graceMs?: number;
  /** How long a finished room stays (for late rejoins) before it is removed; 10 minutes by default. */
  finishedTtlMs?: number;
  /** Events per second allowed per socket; 20 by default. */
  eventsPerSecond?: number;
}

/** The state a socket carries: its verified user and where it sits. */
export interface SocketData {
  userId?: string;
  rejoinToken?: string;
  roomCode?: string;
  playerId?: string;
}

export type GameIo = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type GameSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
/** An acknowledgement as the handlers build it (the typed shapes are in src/protocol/messages.ts). */
export type Reply = { success: true; [data: string]: unknown } | { success: false; error: string };
type Handler = (socket: GameSocket, payload: unknown) => Reply | Promise<Reply>;

export class GameServer {
  readonly rooms = new Map<string, Room>();
  /** Each room's statechart (room.machine.ts), by room code. */
  private readonly machines = new Map<string, RoomActor>();
  private readonly byToken = new Map<string, { code: string; playerId: string }>();
  readonly opts: Required<Omit<GameServerOptions, 'db'>> & { db?: Database };
  private readonly game: GameActions;

  constructor(
    readonly io: GameIo,
    options: GameServerOptions,
  ) {
    this.opts = {
      countdownTickMs: 1000,
      graceMs: REJOIN_GRACE_MS,
      finishedTtlMs: 10 * 60_000,
      eventsPerSecond: 20,
      ...options,
    };
    this.game = new GameActions(this);
    io.on('connection', (socket: GameSocket) => this.connect(socket));
  }

  // ------------------------------------------------------------- wiring

  private connect(socket: GameSocket): void {
    const budget = new EventBudget(this.opts.eventsPerSecond);
    const on = <T>(event: string, parse: (input: unknown) => Parsed<T>, handle: (socket: GameSocket, value: T) => Reply | Promise<Reply>) => {
      const run: Handler = (s, payload) => {
        const parsed = parse(payload);
        return parsed.ok ? handle(s, parsed.value) : { success: false, error: parsed.error };
      };
      socket.on(event, (...args: unknown[]) => {
        const last = args.at(-1);
        const ack = typeof last === 'function' ? (args.pop() as (a: Reply) => void) : () => {};
        if (!budget.take()) return ack({ success: false, error: E.tooManyRequests });
        Promise.resolve()
          .then(() => run(socket, args[0]))
          .then(ack, (error: unknown) => {
            console.error(`socket event ${event} failed`, error);
            ack({ success: false, error: 'Internal server error' });
          });
      });
    };
    on('room:create', parseCreateRoom, (s, v) => this.create(s, v.username));
    on('room:join', parseJoinRoom, (s, v) => this.join(s, v.code, v.username));
    on('room:leave', parseEmpty, (s) => this.leave(s));
    on('room:rejoin', parseRejoin, (s, v) => this.rejoin(s, v.rejoinToken));
    on('room:setReady', parseSetReady, (s, v) => this.setReady(s, v.ready));
    on('room:updateSettings', parseUpdateSettings, (s, v) => this.updateSettings(s, v));
    on('game:start', parseEmpty, (s) => this.start(s));
    on('room:rematch', parseEmpty, (s) => this.game.rematch(s));
    on('game:move', parseMove, (s, v) => this.game.move(s, v.row, v.col));
    on('game:requestUndo', parseEmpty, (s) => this.game.requestUndo(s));
    on('game:respondUndo', parseRespondUndo, (s, v) => this.game.respondUndo(s, v.requestId, v.approved));
    on('game:forfeit', parseEmpty, (s) => this.game.forfeit(s));
    socket.on('disconnect', () => this.disconnected(socket));

    // A socket recovered by socket.io is the same player coming back; any other uses its rejoin
    // token. Both are told where they are: the page cleared its room when the transport dropped.
    if (socket.recovered) {
      const entered = this.recover(socket);
      if (entered) return void socket.emit('room:rejoined', entered);
    }
    // A recovered socket skipped the middleware: its token is in this handshake, not in its old data.
    const token = socket.recovered ? parseHandshakeAuth(socket.handshake.auth).rejoinToken : socket.data.rejoinToken;
    if (token) {
      const entered = this.rejoin(socket, token);
      if (entered.success) socket.emit('room:rejoined', entered);
    }
  }

  // ------------------------------------------------------------- helpers

  /** The room and player of a socket, or the error to acknowledge. */
  seat(socket: GameSocket): { room: Room; player: Player; index: number } | { error: string } {
    const { roomCode, playerId } = socket.data;
    const room = roomCode ? this.rooms.get(roomCode) : undefined;
    const index = room ? room.players.findIndex((p) => p.id === playerId) : -1;
    const player = room?.players[index];
    if (!room || !player || player.socketId !== socket.id) return { error: E.notInRoom };
    return { room, player, index };
  }

  /** Tells a room's statechart what happened. */
  send(room: Room, event: RoomEvent): void {
    this.machines.get(room.code)?.send(event);
  }

  emit(room: Room, event: string, payload: unknown): void {
    this.io.to(room.code).emit(event, payload);
  }

  private entered(room: Room, player: Player): Reply {
    const data: EnteredRoom = { room: roomView(room, player.id), playerId: player.id, rejoinToken: player.rejoinToken, gameState: gameView(room) };
    return { success: true, ...data };
  }

  private seatSocket(socket: GameSocket, room: Room, player: Player): void {
    player.socketId = socket.id;
    socket.data.roomCode = room.code;
    socket.data.playerId = player.id;
    void socket.join(room.code);
  }

  // ------------------------------------------------------------- lobby

  private create(socket: GameSocket, username: string): Reply {
    this.leave(socket);
    const player = newPlayer(username, socket.data.userId, socket.id);
    const room = newRoom(newRoomCode((code) => this.rooms.has(code)), player);
    this.rooms.set(room.code, room);
    this.machines.set(room.code, this.createMachine(room));
    this.byToken.set(player.rejoinToken, { code: room.code, playerId: player.id });
    this.seatSocket(socket, room, player);
    return this.entered(room, player);
  }

  private join(socket: GameSocket, code: string, username: string): Reply {
    const room = this.rooms.get(code);
    if (!room) return { success: false, error: E.roomNotFound };
    const current = this.seat(socket);
    if ('room' in current && current.room === room) return { success: false, error: E.alreadyInRoom };
    if (room.players.length >= room.settings.maxPlayers) return { success: false, error: E.roomFull };
    if (room.status !== 'waiting') return { success: false, error: E.roomNotWaiting };
    this.leave(socket);
    const player = newPlayer(username, socket.data.userId, socket.id);
    room.players.push(player);
    this.byToken.set(player.rejoinToken, { code: room.code, playerId: player.id });
    this.emit(room, 'room:playerJoined', { player: playerView(player), players: room.players.map(playerView), room: roomView(room) });
    this.seatSocket(socket, room, player);
    return this.entered(room, player);
  }

  private setReady(socket: GameSocket, ready: boolean): Reply {
    const seat = this.seat(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    const { room, player } = seat;
    if (room.status !== 'waiting' && room.status !== 'starting') return { success: false, error: E.roomNotWaiting };
    player.ready = ready;
    // Withdrawing readiness during the countdown stops it.
    if (!ready) this.send(room, { type: 'countdown.cancel' });
    this.emit(room, 'room:playerReady', { playerId: player.id, ready, players: room.players.map(playerView), room: roomView(room) });
    return { success: true, room: roomView(room, player.id) };
  }

  private updateSettings(socket: GameSocket, change: { boardSize?: 6 | 8 | 10; scoringMechanism?: string }): Reply {
    const seat = this.seat(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    const { room, player } = seat;
    if (room.hostId !== player.id) return { success: false, error: E.notHost };
    if (room.status !== 'waiting') return { success: false, error: E.roomNotWaiting };
    if (change.scoringMechanism !== undefined && change.scoringMechanism !== 'connection') return { success: false, error: E.comingSoon };
    if (change.boardSize !== undefined) room.settings.boardSize = change.boardSize;
    this.emit(room, 'room:settingsUpdated', { settings: { ...room.settings }, room: roomView(room) });
    return { success: true, room: roomView(room, player.id) };
  }

  /** Start is allowed exactly when the requester is host, the room is full, all are ready, status waiting. */
  private start(socket: GameSocket): Reply {
    const seat = this.seat(socket);
    if ('error' in seat) return { success: false, error: seat.error };
    const refusal = startRefusal(seat.room, seat.player.id);
    if (refusal) return { success: false, error: refusal };
    this.send(seat.room, { type: 'start', playerId: seat.player.id });
    return { success: true };
  }

  /** A room's statechart, its effects broadcast to the room. */
  private createMachine(room: Room): RoomActor {
    const actor = createActor(roomMachine, {
      input: {
        room,
        countdownSeconds: COUNTDOWN_SECONDS,
        tickMs: this.opts.countdownTickMs,
        graceMs: this.opts.graceMs,
        finishedTtlMs: this.opts.finishedTtlMs,
        effects: {
          countdown: (left) => this.emit(room, 'room:gameStarting', { countdown: left, room: roomView(room) }),
          started: () => this.emit(room, 'game:started', { room: roomView(room), gameState: gameView(room) }),
          forfeited: (index, reason) => this.game.announceForfeit(room, index, reason),
          finished: (winner, reason) => void this.finish(room, winner, reason),
          gone: (playerId) => this.takeOutIfAway(room, playerId),
          expired: () => this.deleteRoom(room),
        },
      },
    });
    return actor.start();
  }

  // ------------------------------------------------------------- leaving and rejoining

  /** Leaves the socket's room, if any: a forfeit during a game. */
  private leave(socket: GameSocket): Reply {
    const seat = this.seat(socket);
    socket.data.roomCode = undefined;
    socket.data.playerId = undefined;
    if ('error' in seat) return { success: true };
    void socket.leave(seat.room.code);
    if (seat.room.status === 'playing' && (seat.index === 0 || seat.index === 1)) this.game.forfeitBy(seat.room, seat.index, 'forfeit');
    this.remove(seat.room, seat.player);
    return { success: true };
  }

  /** Takes a player out of a room; passes the host on; removes an empty room. */
  remove(room: Room, player: Player): void {
    this.byToken.delete(player.rejoinToken);
    room.players = room.players.filter((p) => p !== player);
    this.send(room, { type: 'countdown.cancel' });
    const next = room.players[0];
    if (!next) return this.deleteRoom(room);
    if (room.hostId === player.id) room.hostId = next.id;
    this.emit(room, 'room:playerLeft', { playerId: player.id, players: room.players.map(playerView), hostId: room.hostId, room: roomView(room) });
  }

  deleteRoom(room: Room): void {
    this.machines.get(room.code)?.stop();
    this.machines.delete(room.code);
    for (const p of room.players) this.byToken.delete(p.rejoinToken);
    this.rooms.delete(room.code);
  }

  /**
   * A dropped player keeps the seat for the grace period (a reload gets back in with its rejoin
   * token or by connection-state recovery). The statechart then decides: during a game the
   * absent player forfeits; outside one they are taken out of the room (`gone`). A countdown
   * stops, and no game starts, while someone is away.
   */
  private disconnected(socket: GameSocket): void {
    const seat = this.seat(socket);
    if ('error' in seat) return;
    const { room, player, index } = seat;
    player.socketId = null;
    if (index === 0 || index === 1) this.send(room, { type: 'player.dropped', playerId: player.id, index });
    this.emit(room, 'room:playerDisconnected', { playerId: player.id, players: room.players.map(playerView), graceMs: this.opts.graceMs, room: roomView(room) });
  }

  /** The statechart's `gone`: a player still away after the grace period outside a game. */
  private takeOutIfAway(room: Room, playerId: string): void {
    const player = room.players.find((p) => p.id === playerId);
    if (player && player.socketId === null) this.remove(room, player);
  }

  private rejoin(socket: GameSocket, token: string): Reply {
    const found = this.byToken.get(token);
    const room = found ? this.rooms.get(found.code) : undefined;
    const player = room?.players.find((p) => p.id === found?.playerId);
    if (!room || !player) return { success: false, error: E.rejoinFailed };
    if (player.socketId !== null && player.socketId !== socket.id) {
      // The same player on a new connection (a reload before the old one timed out): the new one wins.
      const old = this.io.sockets.sockets.get(player.socketId) as GameSocket | undefined;
      if (old) {
        old.data.roomCode = undefined;
        old.data.playerId = undefined;
        void old.leave(room.code);
      }
    }
    this.comeBack(socket, room, player);
    return this.entered(room, player);
  }

  /**
   * A socket that socket.io recovered within the grace period: same id, rooms and data (its
   * missed broadcasts are replayed by socket.io), so it is its player coming back without a
   * token. Answers what it re-entered, or undefined when its seat is gone (it was taken out after
   * the grace period, or the room went) or another connection took the seat over; the socket is
   * then taken out of the room it was restored into.
   */
  private recover(socket: GameSocket): Reply | undefined {
    const { roomCode, playerId } = socket.data;
    const room = roomCode ? this.rooms.get(roomCode) : undefined;
    const player = room?.players.find((p) => p.id === playerId);
    if (room && player && (player.socketId === null || player.socketId === socket.id)) {
      this.comeBack(socket, room, player);
      return this.entered(room, player);
    }
    socket.data.roomCode = undefined;
    socket.data.playerId = undefined;
    if (roomCode) void socket.leave(roomCode);
    return undefined;
  }

  /** Seats a player's (new or recovered) socket again and ends its away state. */
  private comeBack(socket: GameSocket, room: Room, player: Player): void {
    const wasAway = player.socketId === null;
    const index = room.players.indexOf(player);
    this.seatSocket(socket, room, player);
    if (index === 0 || index === 1) this.send(room, { type: 'player.back', playerId: player.id, index });
    if (wasAway) this.emit(room, 'room:playerReconnected', { playerId: player.id, players: room.players.map(playerView), room: roomView(room) });
  }

  // ------------------------------------------------------------- the end of a game

  /** After the statechart reached finished: the rated result when both are signed in, game:finished to both. */
  private async finish(room: Room, winner: Winner, reason: FinishReason): Promise<void> {
    const [p0, p1] = room.players;
    const game = room.game;
    const scores: [number, number] = game ? [game.scores[0], game.scores[1]] : [0, 0];
    let ratings: [RatingChange, RatingChange] | undefined;
    if (this.opts.db && p0?.userId && p1?.userId) {
      try {
        const outcome = await recordRatedGame(this.opts.db, {
          player1Id: p0.userId,
          player2Id: p1.userId,
          scores,
          winner,
          scoringMechanism: room.settings.scoringMechanism,
          boardSize: room.settings.boardSize,
        });
        if (outcome) ratings = [{ playerId: p0.id, ...outcome.player1 }, { playerId: p1.id, ...outcome.player2 }];
      } catch (error) {
        console.error(`recording the result of room ${room.code} failed`, error);
      }
    }
    const gameState = gameView(room);
    if (!gameState) return;
    const payload: GameFinishedPayload = {
      winner,
      scores,
      reason,
      gameState,
      room: roomView(room),
      ...(ratings ? { ratings } : {}),
    };
    this.emit(room, 'game:finished', payload);
  }

  close(): void {
    for (const room of [...this.rooms.values()]) this.deleteRoom(room);
  }
}
