/**
 * The lobby's open games, live: sockets in the lobby subscribe (socket.io room
 * 'lobby' on this node); the node reads the open games at most about once a second, one query for
 * all of its lobby sockets, and only while it has some, and pushes the list to them when it
 * changed. Every node reads the same store (open-games.ts), so a room owned by another node is
 * listed here too, a second later at most.
 */
import { OPEN_GAMES_LIMIT, type OpenGameView } from '../../../../src/protocol';
import type { OpenGameStore } from './open-games';
import type { Ack, GameIo, GameSocket } from '../edge/transport';

/** The socket.io room of this node's sockets in the lobby. */
export const LOBBY = 'lobby';

export class LobbyFeed {
  private games: OpenGameView[] = [];
  private json = '[]';
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<boolean> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly io: GameIo,
    private readonly store: OpenGameStore,
    private readonly refreshMs = 1000,
  ) {
    this.timer = setInterval(() => {
      if (this.watchers > 0) void this.read();
    }, refreshMs);
    this.timer.unref();
  }

  /** This node's sockets in the lobby (socket.io's adapter keeps the local members of a room). */
  private get watchers(): number {
    return this.io.of('/').adapter.rooms.get(LOBBY)?.size ?? 0;
  }

  /** The socket gets the list now (read afresh unless it is recent), then every change. */
  async subscribe(socket: GameSocket): Promise<Ack> {
    await socket.join(LOBBY);
    // With other sockets in the lobby the timer keeps the list fresh: a flood of subscriptions
    // costs no query. The first one after a quiet spell reads it afresh.
    const stale = this.watchers <= 1 && Date.now() - this.readAt >= this.refreshMs;
    // A read that found a change sent it to the lobby, this socket included (it joined first).
    const sent = stale ? await this.read() : ((await this.reading) ?? false);
    if (!sent && socket.connected) socket.emit('lobby:openGames', { games: this.games });
    return { success: true };
  }

  async unsubscribe(socket: GameSocket): Promise<Ack> {
    await socket.leave(LOBBY);
    return { success: true };
  }

  /** One read at a time, shared by whoever asks while it runs; whether it sent a changed list. */
  private read(): Promise<boolean> {
    this.reading ??= this.store
      .read(OPEN_GAMES_LIMIT)
      .then((games) => {
        this.readAt = Date.now();
        const json = JSON.stringify(games);
        if (json === this.json) return false;
        this.json = json;
        this.games = games;
        this.io.local.to(LOBBY).emit('lobby:openGames', { games });
        return true;
      })
      // The database is out: the lobby keeps the last list, and the next second tries again.
      .catch((error: unknown) => {
        console.error('open games: reading the list failed:', (error as Error).message);
        return false;
      })
      .finally(() => (this.reading = null));
    return this.reading;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
