/**
 * Serves one PGlite to many PostgreSQL clients (node-postgres, PostgREST) on a socket.
 *
 * PGlite is a single session, so clients take turns. A turn is a whole unit of the wire protocol:
 * a simple query ('Q'), or an extended-protocol batch up to its Sync ('P','B','D','E'… 'S'), run
 * in one call. A client that leaves the session inside a transaction (BEGIN … COMMIT) keeps its
 * turn until the transaction ends, so nobody else's statement lands in it, with its role and
 * claims. @electric-sql/pglite-socket interleaves clients message by message, which mixes one
 * client's Parse with another's Bind under load ("portal does not exist"): hence this module.
 *
 * A client that holds a transaction idle for longer than `idleInTransactionMs` is disconnected and
 * its transaction rolled back, as PostgreSQL's idle_in_transaction_session_timeout would.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/** Message types after which a client waits for an answer: the end of a unit. */
const UNIT_ENDS = new Set(['Q', 'S', 'F', 'H']);
/** No message is near this in our use; a bigger one is a broken or hostile client. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface MultiplexerOptions {
  /** A unix socket path, or a loopback port (0 picks one). */
  listen: { path: string } | { port: number; host?: string };
  idleInTransactionMs?: number;
}

export interface Multiplexer {
  server: Server;
  /** Units waiting for their turn (for tests and diagnostics). */
  waiting(): number;
  close(): Promise<void>;
}

interface Unit {
  client: Client;
  bytes: Uint8Array;
  /** Ends with Flush rather than Sync: the extended sequence goes on, so the turn is kept. */
  open: boolean;
  /** Ours, not the client's: the rollback after it left in a transaction. Its answer is dropped. */
  cleanup?: boolean;
}

/** A simple-protocol ROLLBACK, run like a client's own statement (its answer is dropped). */
const ROLLBACK = simpleQuery('ROLLBACK');

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

interface Client {
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  pending: Buffer[];
  closed: boolean;
}

export async function serveMultiplexed(db: PGlite, options: MultiplexerOptions): Promise<Multiplexer> {
  const idleInTransactionMs = options.idleInTransactionMs ?? 30_000;
  const queue: Unit[] = [];
  /** The client whose transaction (or unsynced extended sequence) is open, if any. */
  let holder: Client | undefined;
  let holderTimer: NodeJS.Timeout | undefined;
  let running = false;

  const release = () => {
    holder = undefined;
    if (holderTimer) clearTimeout(holderTimer);
    holderTimer = undefined;
  };

  /** A client that left (or was cut off) inside its transaction: it is rolled back before anyone else's turn. */
  function rollbackFor(client: Client): void {
    if (holder !== client) return;
    queue.unshift({ client, bytes: ROLLBACK, open: false, cleanup: true });
    void pump();
  }

  function next(): Unit | undefined {
    const index = holder ? queue.findIndex((unit) => unit.client === holder) : 0;
    return index === -1 ? undefined : queue.splice(index, 1)[0];
  }

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (let unit = next(); unit; unit = next()) {
        const { client, cleanup } = unit;
        if (client.closed && !cleanup) continue;
        let inTransaction = false;
        // PGlite hands its answer over message by message: corked, they leave in one write.
        const answer = cleanup || client.closed ? undefined : client.socket;
        answer?.cork();
        try {
          await db.runExclusive(async () => {
            await db.execProtocolRawStream(unit.bytes, {
              onRawData: (data) => {
                if (answer && !client.closed) answer.write(Buffer.from(data));
              },
            });
            inTransaction = db.isInTransaction();
          });
        } finally {
          answer?.uncork();
        }
        if (inTransaction || unit.open) {
          holder = client;
          if (holderTimer) clearTimeout(holderTimer);
          holderTimer = setTimeout(() => client.socket.destroy(), idleInTransactionMs);
          if (client.closed && !cleanup) rollbackFor(client);
        } else if (holder === client) {
          release();
        }
      }
    } finally {
      running = false;
    }
  }

  function enqueue(client: Client, bytes: Buffer, open: boolean): void {
    queue.push({ client, bytes: new Uint8Array(bytes), open });
    void pump();
  }

  /** Splits what arrived into messages; each unit goes to the queue once complete. */
  function receive(client: Client, chunk: Buffer): void {
    client.buffer = client.buffer.length === 0 ? chunk : Buffer.concat([client.buffer, chunk]);
    while (!client.closed) {
      const buffer = client.buffer;
      if (!client.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (length < 8 || length > 10_000) return void client.socket.destroy();
        if (buffer.length < length) return;
        const message = buffer.subarray(0, length);
        client.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) client.socket.write('N');
        else if (code === CANCEL_REQUEST) return void client.socket.end(); // no backend to signal
        else if (code === PROTOCOL_3) {
          client.started = true;
          enqueue(client, Buffer.from(message), false);
        } else return void client.socket.destroy();
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (length < 4 || length > MAX_MESSAGE_BYTES) return void client.socket.destroy();
      if (buffer.length < length + 1) return;
      const type = String.fromCharCode(buffer[0]!);
      const message = buffer.subarray(0, length + 1);
      client.buffer = buffer.subarray(length + 1);
      if (type === 'X') return void client.socket.end(); // Terminate: the shared session stays
      client.pending.push(message);
      if (UNIT_ENDS.has(type)) {
        const unit = Buffer.concat(client.pending);
        client.pending = [];
        enqueue(client, unit, type === 'H');
      }
    }
  }

  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const client: Client = { socket, buffer: Buffer.alloc(0), started: false, pending: [], closed: false };
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => receive(client, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      client.closed = true;
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.client === client && !queue[i]!.cleanup) queue.splice(i, 1);
      rollbackFor(client);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const done = () => {
      server.off('error', reject);
      resolve();
    };
    if ('path' in options.listen) server.listen(options.listen.path, done);
    else server.listen(options.listen.port, options.listen.host ?? '127.0.0.1', done);
  });

  return {
    server,
    waiting: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        queue.splice(0);
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
