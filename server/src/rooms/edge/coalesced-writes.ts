/**
 * One write per connection for the answers of a commit (for the p99 round-trip of a move). engine.io
 * writes every packet to a WebSocket with a system call of its own, and after a write it waits
 * for the kernel before the next: a move costs its player two writes (the acknowledgement and
 * the game:moveMade broadcast) and each costs as much as the packet itself on loopback. While
 * the answers of a commit go out (journal.ts), each connection's packets are held, and at the end
 * of that turn of the event loop every connection's packets go out together, its TCP socket corked
 * meanwhile so that they leave in one write. Packets keep their order; nothing is dropped (a
 * connection closed in between is skipped by engine.io's own flush).
 *
 * It reaches into engine.io as little as it can: a connection's flush (called on every send and
 * whenever its transport can write again) and, for the cork, the TCP socket under the `ws`
 * WebSocket. Without that socket (long-polling) the packets still go out together, in one response.
 */

/** What this uses of an engine.io connection (engine.io's Socket). */
export interface Connection {
  flush(): void;
  transport?: { socket?: { _socket?: { cork(): void; uncork(): void } } };
}

export class CoalescedWrites {
  private holding = false;
  private readonly held = new Set<Connection>();
  private readonly flushes = new WeakMap<Connection, () => void>();

  /** A new connection: its packets may be held from now on. */
  attach(conn: Connection): void {
    const flush = conn.flush.bind(conn);
    this.flushes.set(conn, flush);
    conn.flush = () => {
      if (this.holding) this.held.add(conn);
      else flush();
    };
  }

  /**
   * Runs `sends`, holding every connection's packets until the end of this turn of the event loop,
   * those sent by promise callbacks after it included (a command's acknowledgement comes so).
   */
  during(sends: () => void): void {
    if (!this.holding) {
      this.holding = true;
      setImmediate(() => this.release());
    }
    sends();
  }

  private release(): void {
    this.holding = false;
    const held = [...this.held];
    this.held.clear();
    for (const conn of held) {
      const tcp = conn.transport?.socket?._socket;
      tcp?.cork();
      try {
        this.flushes.get(conn)?.();
      } finally {
        // Never left corked: its later packets would wait for ever.
        tcp?.uncork();
      }
    }
  }
}
