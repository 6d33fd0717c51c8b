/**
 * Test kit for the limits per client address: game nodes whose clients name their own address in
 * a header that only these tests trust (every client of a test is 127.0.0.1, which is not
 * limited), and clients that connect from such an address.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { loadEngine } from '../../../../src/engine/load';
import { createKeys, type Keys } from '../../auth/keys';
import type { Database } from '../../db/database';
import type { NodeAdapter } from '../nodes/adapter';
import { peerAddress } from './client-limits';
import { attachGameServer, type AttachOptions, type AttachedGameServer } from '../index';
import { SECRET } from '../tests/rooms.testkit';

const ADDRESS_HEADER = 'x-test-client-address';

/** The address a test client names, else its peer's. Never trusted outside these tests. */
const namedAddress = (req: IncomingMessage): string => {
  const named = req.headers[ADDRESS_HEADER];
  return typeof named === 'string' ? named : peerAddress(req);
};

export interface TestNode {
  url: string;
  games: AttachedGameServer;
  keys: Keys;
  /** A connected client from `address`. */
  client(address: string, auth?: Record<string, string>): Promise<Socket>;
  /** The error a client from `address` is refused with (fails if it connects). */
  refused(address: string): Promise<string>;
  close(): Promise<void>;
}

type NodeOptions = Omit<AttachOptions, 'engine' | 'keys' | 'db' | 'socketAddress'>;

export async function startNode(db: Database | undefined, options: NodeOptions = {}, adapter?: NodeAdapter): Promise<TestNode> {
  const keys = await createKeys(SECRET);
  const http = createServer((_req, res) => res.writeHead(404).end());
  const games = attachGameServer(http, { engine: await loadEngine(), db, keys, adapter, countdownTickMs: 5, socketAddress: namedAddress, ...options });
  await games.restore();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  const open = (address: string, auth: Record<string, string> = {}) => {
    const socket = connect(url, { transports: ['websocket'], auth, extraHeaders: { [ADDRESS_HEADER]: address }, reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise<{ socket: Socket; error?: string }>((resolve) => {
      socket.once('connect', () => resolve({ socket }));
      socket.once('connect_error', (error) => resolve({ socket, error: error.message }));
    });
  };
  let closed = false;
  return {
    url,
    games,
    keys,
    async client(address, auth) {
      const { socket, error } = await open(address, auth);
      if (error !== undefined) throw new Error(`a client from ${address} was refused: ${error}`);
      return socket;
    },
    async refused(address) {
      const { socket, error } = await open(address);
      socket.disconnect();
      if (error === undefined) throw new Error(`a client from ${address} connected`);
      return error;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const socket of sockets) socket.disconnect();
      await games.close();
    },
  };
}
