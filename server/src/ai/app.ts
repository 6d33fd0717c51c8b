/**
 * The AI dev server's HTTP handler (SPEC §7 "Local AI development server"), built around a
 * searcher so tests can run it on port 0. Searches run on the searcher's thread: this one keeps
 * answering /health, /models and other connections while an Expert search takes its seconds.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AI_LEVELS } from '../../../src/engine/ai-types';
import { parseRequestPath } from '../http/request-path';
import { readJsonBody } from './body';
import { corsFor, preflightHeaders } from './cors';
import { failure, type Reply } from './handlers';
import { parseAiPayload } from './payload';
import type { Searcher } from './searcher';

type Handler = (req: IncomingMessage) => Reply | Promise<Reply>;
type Methods = Partial<Record<'GET' | 'POST', Handler>>;

export interface AiServerOptions {
  searcher: Searcher;
  allowedOrigins: ReadonlySet<string>;
  /** A request (headers and body) must arrive within this; a trickling upload is cut (408). */
  requestTimeoutMs?: number;
}

export function createAiHandler({ searcher, allowedOrigins }: AiServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const withPayload =
    (kind: 'move' | 'evaluate'): Handler =>
    async (req) => {
      const body = await readJsonBody(req);
      if (!body.ok) return failure(body.status, body.error);
      const payload = parseAiPayload(body.value);
      if (!payload.ok) return failure(400, payload.error);
      return searcher.search(kind, payload.value);
    };

  const routes: Readonly<Record<string, Methods>> = {
    '/health': { GET: () => ({ status: 200, body: { status: 'ok' } }) },
    '/models': { GET: () => ({ status: 200, body: { models: AI_LEVELS } }) },
    '/move': { POST: withPayload('move') },
    '/evaluate': { POST: withPayload('evaluate') },
  };

  return (req, res) => {
    const cors = corsFor(req, allowedOrigins);
    if (!cors.allowed) {
      req.resume();
      return send(res, failure(403, `origin ${cors.origin} is not allowed: set AI_ALLOWED_ORIGINS`), {}, { Connection: 'close' });
    }
    answer(routes, req, res, cors.headers).catch((error: unknown) => {
      // A connection broken mid-body lands here too; there is no one left to answer then.
      // (req.destroyed says nothing: a request is destroyed once its body has been read.)
      if (res.destroyed || req.socket.destroyed) return;
      console.error('AI server: request failed', req.method, req.url, error);
      send(res, failure(500, 'internal error'), cors.headers);
    });
  };
}

export function createAiServer(options: AiServerOptions): Server {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  return createServer(
    { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout) },
    createAiHandler(options),
  );
}

async function answer(routes: Readonly<Record<string, Methods>>, req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): Promise<void> {
  const path = parseRequestPath(req.url ?? '/');
  if (!path.ok) return send(res, failure(400, `bad request path: ${path.reason}`), cors);
  const name = `/${path.segments.join('/')}`;
  const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
  if (!route) {
    req.resume(); // drain any body so the connection can be reused
    return send(res, failure(404, `no route ${req.method ?? ''} ${req.url ?? ''}: try GET /health, GET /models, POST /move, POST /evaluate`), cors);
  }
  if (req.method === 'OPTIONS') {
    req.resume();
    res.writeHead(204, preflightHeaders(cors)).end();
    return;
  }
  const handler = req.method === 'GET' || req.method === 'POST' ? route[req.method] : undefined;
  if (!handler) {
    req.resume();
    const allow = [...Object.keys(route), 'OPTIONS'].join(', ');
    return send(res, failure(405, `method ${req.method ?? ''} not allowed here: use ${allow}`), cors, { Allow: allow });
  }
  send(res, await handler(req), cors);
}

function send(res: ServerResponse, reply: Reply, cors: Record<string, string>, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(reply.body);
  const retry: Record<string, string> = reply.status === 503 ? { 'Retry-After': '5' } : {};
  res
    .writeHead(reply.status, {
      ...cors,
      ...retry,
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    })
    .end(text);
}
