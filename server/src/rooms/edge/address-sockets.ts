/**
 * Connections per client address, on every node together, and the events all of an address's
 * sockets send. Each node counts its own connections in memory, at once; every second it writes
 * its counts to game_server.address_sockets and reads the other nodes' (one statement), so a
 * handshake is judged without waiting for the database, against totals at most a second old.
 * A node that dies stops renewing its rows and they stop counting within the leases' time-to-live.
 */
import type { Database } from '../../db/database';
import { within } from '../../within';
import type { LimitSettings } from './client-limits';
import { EventBudget } from './throttle';

/**
 * Only addresses with at least this many connections on a node are written: most players hold one,
 * and leaving them out keeps the table (and its renewal every second) to the addresses that matter.
 * The price: an address may hold one connection more per other node than the limit.
 */
export const SHARED_FROM = 2;
/** How old the other nodes' counts may be when they alone would refuse a connection. */
const FRESH_MS = 250;

export interface SocketCountStore {
  /** Writes this node's counts (the whole of them, renewed) and reads the other live nodes' totals. */
  share(counts: Map<string, number>): Promise<Map<string, number>>;
  /** This node's counts go (it is stopping). */
  clear(): Promise<void>;
}

/** game_server.address_sockets (migration 20261128000005_client_limits.sql). */
export class PostgresSocketCounts implements SocketCountStore {
  constructor(
    private readonly db: Database,
    private readonly nodeId: string,
    private readonly ttlMs: number,
  ) {}

  async share(counts: Map<string, number>): Promise<Map<string, number>> {
    const mine = JSON.stringify([...counts].map(([address, sockets]) => ({ address, sockets })));
    // One statement: this node's rows are replaced by its counts (the others' untouched, so the
    // read sees them as they were); rows of a node gone for a minute are cleared by anyone.
    const rows = await this.db.query<{ address: string; sockets: number }>(
      `with mine as (select address, sockets from json_to_recordset($2::json) as m(address text, sockets integer)),
       put as (
         insert into game_server.address_sockets (node_id, address, sockets, renewed_at)
         select $1, address, sockets, now() from mine
         on conflict (node_id, address) do update set sockets = excluded.sockets, renewed_at = excluded.renewed_at
       ),
       gone as (
         delete from game_server.address_sockets s
         where (s.node_id = $1 and not exists (select 1 from mine where mine.address = s.address))
            or s.renewed_at < now() - interval '1 minute'
       )
       select address, sum(sockets)::integer as sockets from game_server.address_sockets
       where node_id <> $1 and renewed_at > now() - $3::interval
       group by address`,
      [this.nodeId, mine, `${this.ttlMs} milliseconds`],
    );
    return new Map(rows.map((r) => [r.address, Number(r.sockets)]));
  }

  async clear(): Promise<void> {
    await this.db.query(`delete from game_server.address_sockets where node_id = $1`, [this.nodeId]);
  }
}

interface Here {
  sockets: number;
  events: EventBudget;
}

export class AddressSockets {
  private readonly counts = new Map<string, Here>(); // address key → this node's connections and events
  private elsewhere = new Map<string, number>(); // address key → the other nodes' connections, as last read
  private sharedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private sharing: Promise<void> = Promise.resolve();
  private due = false;
  /** Stopping: nothing more is written (the rows were cleared). */
  private stopped = false;

  constructor(
    private readonly settings: LimitSettings,
    /** None without a database: one node, nothing to share. */
    private readonly store?: SocketCountStore,
  ) {}

  /** A connection (socket.io client) from the address opened on this node. */
  opened(key: string | null): void {
    if (key === null) return;
    const here = this.counts.get(key);
    if (here) here.sockets += 1;
    else this.counts.set(key, { sockets: 1, events: new EventBudget(this.settings.eventsPerAddressPerSecond, 1000, this.settings.now) });
  }

  closed(key: string | null): void {
    const here = key === null ? undefined : this.counts.get(key);
    if (!here) return;
    here.sockets -= 1;
    if (here.sockets <= 0) this.counts.delete(key!);
  }

  /** The address's connections on this node. */
  here(key: string): number {
    return this.counts.get(key)?.sockets ?? 0;
  }

  /** Whether the address holds more connections than allowed, this node's (the new one included) and the others'. */
  over(key: string | null): boolean {
    if (key === null) return false;
    return (this.counts.get(key)?.sockets ?? 0) + (this.elsewhere.get(key) ?? 0) > this.settings.socketsPerAddress;
  }

  /**
   * Whether a new connection of the address is let in: at once from the counts in memory, nearly
   * always. Only when the other nodes' counts are what tips it over are they read again first
   * (at most every FRESH_MS): clients moving here from a node that is stopping are not counted twice.
   */
  async admits(key: string | null): Promise<boolean> {
    if (!this.over(key)) return true;
    if ((this.counts.get(key!)?.sockets ?? 0) > this.settings.socketsPerAddress || !this.store) return false;
    if (Date.now() - this.sharedAt >= FRESH_MS) await this.share();
    return !this.over(key);
  }

  /** Counts one event of the address's sockets on this node; false when its budget for this second is spent. */
  takeEvent(key: string | null): boolean {
    if (key === null) return true;
    return this.counts.get(key)?.events.take() ?? true;
  }

  /**
   * Shares this node's counts and learns the others' (every `everyMs` once started; tests call it).
   * One at a time: one asked for while another is under way follows it, with the counts of then.
   */
  share(): Promise<void> {
    this.sharing = this.sharing.then(() => this.shareNow());
    return this.sharing;
  }

  private async shareNow(): Promise<void> {
    if (!this.store || this.stopped) return;
    const counts = new Map<string, number>();
    for (const [key, here] of this.counts) if (here.sockets >= SHARED_FROM) counts.set(key, here.sockets);
    try {
      this.elsewhere = await this.store.share(counts);
      this.sharedAt = Date.now();
    } catch (error) {
      console.error('connections per address: sharing the counts failed:', (error as Error).message);
    }
  }

  start(everyMs: number): void {
    if (!this.store || this.timer) return;
    this.timer = setInterval(() => {
      // A database slower than the timer: the next share waits for this one rather than piling up.
      if (this.due) return;
      this.due = true;
      void this.share().finally(() => (this.due = false));
    }, everyMs);
    this.timer.unref();
  }

  /**
   * Stopping: this node's counts no longer count anywhere, before its clients are told to connect
   * again (elsewhere). Waits at most `ms` for the database; its rows lapse by themselves anyway.
   */
  async stop(ms: number): Promise<void> {
    this.close();
    this.stopped = true;
    if (!this.store) return;
    await within(this.store.clear().catch((error: unknown) => console.error('connections per address: clearing failed:', (error as Error).message)), ms);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
