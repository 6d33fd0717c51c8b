/**
 * The AI dev server's HTTP handler (SPEC §7 "Local AI development server"), built around an
 * engine so tests can run it on port 0.
 *
 * Engine calls are synchronous on the main thread: an Expert search blocks the process for up
 * to its timeMs, so requests are answered one at a time (even /health waits). That is fine for
 * a single developer's local tool; the browser game runs its own AI in a Web Worker instead.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AI_LEVELS } from '../../../src/engine/ai-types';
import { parseRequestPath } from '../http/request-path';
import { readJsonBody } from './body';
import { CORS_HEADERS, preflightHeaders } from './cors';
import { evaluate, failure, move, type AiEngine, type Reply } from './handlers';
import { parseAiPayload, type AiPayload } from './payload';

type Handler = (req: IncomingMessage) => Reply | Promise<Reply>;
type Methods = Partial<Record<'GET' | 'POST', Handler>>;

export function createAiHandler(engine: AiEngine): (req: IncomingMessage, res: ServerResponse) => void {
  const withPayload =
    (compute: (engine: AiEngine, payload: AiPayload) => Reply): Handler =>
    async (req) => {
      const body = await readJsonBody(req);
      if (!body.ok) return failure(body.status, body.error);
      const payload = parseAiPayload(body.value);
      if (!payload.ok) return failure(400, payload.error);
      return compute(engine, payload.value);
    };

  const routes: Readonly<Record<string, Methods>> = {
    '/health': { GET: () => ({ status: 200, body: { status: 'ok' } }) },
    '/models': { GET: () => ({ status: 200, body: { models: AI_LEVELS } }) },
    '/move': { POST: withPayload(move) },
    '/evaluate': { POST: withPayload(evaluate) },
  };

  return (req, res) => {
    answer(routes, req, res).catch((error: unknown) => {
      // A connection broken mid-body lands here too; there is no one left to answer then.
      // (req.destroyed says nothing: a request is destroyed once its body has been read.)
      if (res.destroyed || req.socket.destroyed) return;
      console.error('AI server: request failed', req.method, req.url, error);
      send(res, failure(500, 'internal error'));
    });
  };
}

export function createAiServer(engine: AiEngine): Server {
  return createServer(createAiHandler(engine));
}

async function answer(routes: Readonly<Record<string, Methods>>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = parseRequestPath(req.url ?? '/');
  if (!path.ok) return send(res, failure(400, `bad request path: ${path.reason}`));
  const name = `/${path.segments.join('/')}`;
  const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
  if (!route) {
    req.resume(); // drain any body so the connection can be reused
    return send(res, failure(404, `no route ${req.method ?? ''} ${req.url ?? ''}: try GET /health, GET /models, POST /move, POST /evaluate`));
  }
  if (req.method === 'OPTIONS') {
    req.resume();
    res.writeHead(204, preflightHeaders(req)).end();
    return;
  }
  const handler = req.method === 'GET' || req.method === 'POST' ? route[req.method] : undefined;
  if (!handler) {
    req.resume();
    const allow = [...Object.keys(route), 'OPTIONS'].join(', ');
    return send(res, failure(405, `method ${req.method ?? ''} not allowed here: use ${allow}`), { Allow: allow });
  }
  send(res, await handler(req));
}

function send(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(reply.body);
  res
    .writeHead(reply.status, {
      ...CORS_HEADERS,
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    })
    .end(text);
}
