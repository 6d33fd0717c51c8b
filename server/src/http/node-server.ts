/**
 * The node HTTP server around the Hono app, with the time-outs a public server needs: a request
 * (headers and body) must arrive within 30 s, so a trickling upload cannot hold a connection, and
 * idle keep-alive connections close after 5 s. socket.io attaches to the same server.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { isRestPath, type NodeHandler } from '../postgrest/proxy';

export interface Timeouts {
  requestMs: number;
  headersMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { requestMs: 30_000, headersMs: 15_000 };

/** The Hono app, with the data API's proxy in front of it (see proxy.ts for why). */
export function createNodeServer(app: Hono, rest: NodeHandler, { requestMs, headersMs }: Timeouts = DEFAULT_TIMEOUTS): Server {
  const hono = getRequestListener(app.fetch);
  const options = {
    requestTimeout: requestMs,
    headersTimeout: Math.min(headersMs, requestMs),
    keepAliveTimeout: 5_000,
    // How often node checks those time-outs (30 s by default: a cut could take a minute).
    connectionsCheckingInterval: Math.min(1_000, requestMs),
  };
  return createServer(options, (req, res) => (isRestPath(req.url) ? rest(req, res) : void hono(req, res)));
}
