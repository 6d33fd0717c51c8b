/**
 * `/rest/v1` → PostgREST, as Supabase's gateway does it: CORS and the apikey checked here, then
 * the request goes on unchanged but for the prefix and hop-by-hop headers, and the answer comes
 * back as PostgREST gave it. Plain node streams, before the Hono app: this path carries every
 * leaderboard read, and its cost per request is paid on the game server's event loop. While
 * PostgREST is down (restarting) the answer is 503 with Retry-After, never a hang.
 *
 * Before PostgREST: the query's shape is checked (../http/rest-query.ts) and each client address
 * gets its rate and its share of PostgREST (../http/rest-limits.ts). After it: an error answer
 * that would show the server's insides is replaced by a plain one (error-answers.ts).
 */
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Keys } from '../auth/keys';
import type { Availability } from '../db/database';
import { corsHeaders } from '../http/cors';
import { apiKeyCheck } from '../http/credentials';
import type { RestLimiter } from '../http/rest-limits';
import { refuseRestQuery } from '../http/rest-query';
import { seenIn, type SecurityHeaders } from '../http/security-headers';
import { logFailure } from '../log';
import { isInspected, MAX_ERROR_BODY, rewriteErrorAnswer } from './error-answers';
import type { Postgrest } from './supervisor';

export const REST_PREFIX = '/rest/v1';

/** Not passed on: they describe one hop, not the request (RFC 9110 §7.6.1). */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-connection']);

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function isRestPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(REST_PREFIX) && (url.length === REST_PREFIX.length || '/?'.includes(url[REST_PREFIX.length]!));
}

export interface RestProxyOptions {
  postgrest: Postgrest;
  keys: Pick<Keys, 'verify'>;
  maxBodyBytes: number;
  /** The client's address (trusted proxies considered), for the limits. */
  addressOf: (req: IncomingMessage) => string;
  limiter: RestLimiter;
  security: SecurityHeaders;
  /** The embedded database's supervisor: while it starts the database again, 503 with Retry-After. */
  database?: Availability;
}

export function restProxy({ postgrest, keys, maxBodyBytes, addressOf, limiter, security, database }: RestProxyOptions): NodeHandler {
  // Kept-alive connections belong to one PostgREST process: a restarted one gets a fresh pool.
  let agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let agentFor = postgrest.pid();
  const currentAgent = () => {
    if (postgrest.pid() !== agentFor) {
      agent.destroy();
      agent = new Agent({ keepAlive: true, maxSockets: 32 });
      agentFor = postgrest.pid();
    }
    return agent;
  };
  const checkApiKey = apiKeyCheck(keys);

  const reply = (res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) => {
    if (res.headersSent) return void res.destroy();
    const text = JSON.stringify(body);
    res.writeHead(status, { ...corsHeaders(false), 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
    res.end(text);
  };
  const unavailable = (res: ServerResponse) =>
    reply(res, 503, { code: 'PGRST000', message: 'The data API is restarting. Try again shortly.', details: null, hint: null }, { 'retry-after': String(postgrest.retryAfterSeconds()) });
  // The rest of the body is not read: the connection closes after the answer, so no client
  // sends its next request on a socket that still holds this one's bytes.
  const tooLarge = (res: ServerResponse) =>
    reply(res, 413, { code: 'PGRST413', message: 'Payload Too Large', details: `The request body is larger than ${maxBodyBytes} bytes`, hint: null }, { connection: 'close' });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, corsHeaders(true)).end();
      return;
    }
    const apikey = req.headers.apikey ?? new URL(req.url ?? '/', 'http://x').searchParams.get('apikey') ?? undefined;
    const refusal = await checkApiKey(Array.isArray(apikey) ? apikey[0] : apikey);
    if (refusal) return void (req.resume(), reply(res, 401, refusal));
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) return tooLarge(res);
    if (database?.isUp() === false) {
      const body = { code: 'PGRST000', message: 'The database is restarting. Try again shortly.', details: null, hint: null };
      return void (req.resume(), reply(res, 503, body, { 'retry-after': String(database.retryAfterSeconds()) }));
    }
    const admission = await limiter.admit(addressOf(req));
    if (!admission.admitted) {
      const { message, details, retryAfterSeconds } = admission;
      return void (req.resume(), reply(res, 429, { code: 'CC429', message, details, hint: null }, { 'retry-after': String(retryAfterSeconds) }));
    }
    // The turn ends with the answer, or when a client that gave up while it waited is found gone.
    if (res.closed) return admission.release();
    res.once('close', admission.release);
    const badQuery = refuseRestQuery(req.url!);
    if (badQuery) return void (req.resume(), reply(res, 400, badQuery));
    if (!postgrest.isUp()) return void (req.resume(), unavailable(res));

    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
    const upstream = request({ agent: currentAgent(), socketPath: postgrest.socketPath, method: req.method, path: req.url!.slice(REST_PREFIX.length) || '/', headers, timeout: 30_000 }, (answer) => {
      const status = answer.statusCode ?? 502;
      if (isInspected(status)) return passErrorOn(status, answer, res);
      res.writeHead(status, answerHeaders(answer.headers));
      answer.pipe(res);
    });
    const fail = () => {
      upstream.destroy();
      unavailable(res);
    };
    upstream.on('error', fail);
    upstream.on('timeout', fail);
    // A client gone before its answer ended: PostgREST need not go on with it.
    res.once('close', () => res.writableFinished || upstream.destroy());
    // A body sent without Content-Length is counted as it arrives.
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) return;
      req.unpipe(upstream);
      upstream.off('error', fail).on('error', () => undefined).destroy();
      tooLarge(res);
    });
    req.pipe(upstream);
  }

  /** An error answer, read whole: sent on as it is, or replaced (error-answers.ts). */
  const passErrorOn = (status: number, answer: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_ERROR_BODY) chunks.push(chunk);
    });
    answer.on('end', () => {
      const body = Buffer.concat(chunks);
      const retryAfter = answer.headers['retry-after'];
      const replaced = size > MAX_ERROR_BODY ? rewriteErrorAnswer(500, '', retryAfter) : rewriteErrorAnswer(status, body.toString(), retryAfter);
      if (!replaced) {
        res.writeHead(status, { ...answerHeaders(answer.headers), 'content-length': String(body.length) });
        return void res.end(body);
      }
      if (replaced.hidden) logFailure(`${REST_PREFIX}: PostgREST answered ${status}`, new Error(body.toString().slice(0, 500)));
      reply(res, replaced.status, replaced.body, replaced.retryAfter ? { 'retry-after': String(replaced.retryAfter) } : {});
    });
  };

  return (req, res) => {
    // On every answer, whichever way it goes out (writeHead adds its own headers to these).
    for (const [name, value] of Object.entries(security.of(seenIn(req)))) res.setHeader(name, value);
    handle(req, res).catch((error: unknown) => {
      logFailure(`${req.method} ${REST_PREFIX}`, error);
      reply(res, 500, { code: null, message: 'Internal server error', details: null, hint: null });
    });
  };
}

function answerHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = corsHeaders(false);
  for (const [name, value] of Object.entries(headers)) {
    // CORS is the gateway's (one policy for every API); hop headers describe the inner hop.
    if (value !== undefined && !HOP_HEADERS.has(name) && !name.startsWith('access-control-')) out[name] = value;
  }
  return out;
}
