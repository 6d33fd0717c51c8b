/**
 * Quick play (lichess's quick pairing): "Play online" puts a socket in the pool
 * (pool-store.ts, shared by the nodes); a compatible player already waiting is paired with it at
 * once, and every second each node widens the rating bands of the signed-in players still waiting
 * (pairing.ts) and pairs whom they now allow. A pair gets a new room on the node that paired it
 * (game-server.ts opens it with the `paired` command: both seated and ready), and each player's
 * socket, on whichever node, hears `pool:paired` with its rejoin token: the page enters the room
 * with room:rejoin, which works on any node, and the countdown starts once both are in.
 *
 * A socket leaves the pool when its player cancels, enters a room, or drops; a node's entries go
 * when it stops, and lapse when it dies (nobody renews them).
 *
 * A paired player has ARRIVAL_MS to come in (pairing.ts). At that deadline the pairing node looks at
 * the room: a player still away is taken out of it and kept out of the pool for a while (the
 * socket and account at once, the address after a few); the one who came keeps their waiting time,
 * and their page, told that the opponent never came, plays online again at once with it.
 */
import { LIMIT_ERRORS, type JoinPoolPayload } from '../../../../src/protocol';
import { ARRIVAL_MS } from './pairing';
import type { Pair, PoolStore } from './pool-store';
import type { Ack, GameIo, GameSocket } from '../edge/transport';
import { logger } from '../../logger';

/** How often a node renews its entries and pairs the players whose bands have widened. */
export const SWEEP_EVERY_MS = 1000;

/** Whether a paired player came into the room by the arrival deadline (new-rooms.ts). */
export type Arrival = 'in' | 'missing' | 'left';

/** A room opened for a pair: its code and each player's rejoin token (in the pair's order). */
export interface Opened {
  code: string;
  tokens: [string, string];
  /** Who of the pair came in (in the pair's order); null when there is nothing to judge. */
  arrivals(): Arrival[] | null;
  /** Takes the pair's player `index` out of the room. */
  takeOut(index: number): Promise<void>;
}

interface Awaited {
  pair: Pair;
  due: number;
  opened: Opened;
}

export class QuickPlay {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  /** The pairs this node made whose players have not all come in yet, by room code. */
  private readonly awaited = new Map<string, Awaited>();

  constructor(
    private readonly io: GameIo,
    readonly store: PoolStore,
    private readonly nodeId: string,
    /** The rooms' clock: players' waits and the arrival deadline run on the time the rooms do. */
    private readonly now: () => number,
    /** Opens the pair's room on this node (game-server.ts). */
    private readonly open: (pair: Pair) => Promise<Opened | null>,
  ) {}

  /** Into the pool, or paired at once. */
  async enter(socket: GameSocket, { username, boardSize, timeControl }: JoinPoolPayload): Promise<Ack> {
    const userId = socket.data.userId ?? null;
    const address = socket.data.address ?? null;
    socket.data.inPool = true;
    const entered = await this.store.enter({ socketId: socket.id, node: this.nodeId, username, userId, address, boardSize, timeControl, since: this.now() });
    const rated = userId !== null;
    if ('barredMs' in entered) {
      socket.data.inPool = false;
      return { success: false, error: LIMIT_ERRORS.noShow(entered.barredMs) };
    }
    if (socket.disconnected) {
      // Gone while its entry was written: its disconnect found nothing to take out.
      if ('waiting' in entered) await this.store.leave(socket.id);
      else await this.backIntoPool(entered.paired.find((e) => e.socketId !== socket.id)!);
      return { success: true, rated };
    }
    if ('paired' in entered) await this.pair(entered.paired);
    return { success: true, rated };
  }

  /** Out of the pool (Cancel, a room entered, a drop); nothing when it was not in. */
  async leave(socket: GameSocket): Promise<Ack> {
    if (!socket.data.inPool) return { success: true };
    socket.data.inPool = false;
    await this.store.leave(socket.id);
    return { success: true };
  }

  /** The partner of a player who vanished while being paired waits on, as before. */
  private async backIntoPool(entry: Pair[number]): Promise<void> {
    const entered = await this.store.enter(entry);
    if ('paired' in entered) await this.pair(entered.paired);
  }

  private async pair(pair: Pair): Promise<void> {
    const opened = await this.open(pair).catch((error: unknown) => {
      logger.error('quick play: opening the room of a pair failed:', (error as Error).message);
      return null;
    });
    if (!opened) {
      // Both wait on, as they were: the next sweep pairs them again (once the database answers).
      await this.store.putBack(pair).catch((error: unknown) => logger.error('quick play: putting a pair back failed:', (error as Error).message));
      return;
    }
    this.awaited.set(opened.code, { pair, due: this.now() + ARRIVAL_MS, opened });
    pair.forEach((entry, i) => {
      const local = this.io.sockets.sockets.get(entry.socketId);
      if (local) local.data.inPool = false;
      // Through the adapter: the socket may be on another node.
      this.io.to(entry.socketId).emit('pool:paired', { code: opened.code, rejoinToken: opened.tokens[i]! });
    });
  }

  /**
   * The pairs whose arrival deadline has passed: a player still away is kept out of the pool for a
   * while and taken out of the room; the one who came keeps their waiting time, written before
   * their page hears that the opponent left (it then plays online again at once).
   */
  private async judgeArrivals(): Promise<void> {
    const now = this.now();
    for (const [code, { pair, due, opened }] of this.awaited) {
      if (due > now) continue;
      this.awaited.delete(code);
      const found = opened.arrivals();
      if (!found?.includes('missing')) continue;
      for (const [i, entry] of pair.entries()) {
        if (found[i] === 'missing') await this.store.noShow(entry, now);
        else if (found[i] === 'in') await this.store.keepPlace(entry, now);
      }
      for (const [i, arrival] of found.entries()) if (arrival === 'missing') await opened.takeOut(i);
    }
  }

  /** This node's sockets that are looking for an opponent. */
  private waitingHere(): string[] {
    const ids: string[] = [];
    for (const socket of this.io.sockets.sockets.values()) if (socket.data.inPool && socket.connected) ids.push(socket.id);
    return ids;
  }

  /** Renews this node's entries and pairs the players whom their widened bands now allow. */
  sweep(): Promise<number> {
    this.sweeping ??= (async () => {
      await this.store.renew(() => this.waitingHere());
      const pairs = await this.store.sweep(this.now());
      for (const pair of pairs) await this.pair(pair);
      await this.judgeArrivals();
      return pairs.length;
    })()
      .catch((error: unknown) => {
        logger.error('quick play: pairing failed:', (error as Error).message);
        return 0;
      })
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /** At start-up: this node's old entries are of sockets that are gone; then a sweep every second. */
  async start(): Promise<void> {
    await this.store.clearNode();
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Stopping: nobody of this node waits any longer. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.store.clearNode().catch((error: unknown) => logger.error('quick play: clearing the pool failed:', (error as Error).message));
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.awaited.clear();
  }
}
