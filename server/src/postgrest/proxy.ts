/**
 * `/rest/v1` → PostgREST, as Supabase's gateway does it: the request goes on unchanged but for
 * the prefix and hop-by-hop headers; the answer comes back as PostgREST gave it, streamed. While
 * PostgREST is down (restarting) the answer is 503 with Retry-After, never a hang.
 */
import { Readable } from 'node:stream';
import type { Context, Handler } from 'hono';
import { Agent } from 'undici';
import type { Postgrest } from './supervisor';

export const REST_PREFIX = '/rest/v1';

/** Not passed on: they describe one hop, not the request (RFC 9110 §7.6.1), or are set anew. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-connection', 'content-length']);

export function restProxy(postgrest: Postgrest): Handler {
  const agent = new Agent({ connect: { socketPath: postgrest.socketPath }, keepAliveTimeout: 10_000, connections: 32 });

  return async (c) => {
    if (!postgrest.isUp()) return unavailable(c, postgrest.retryAfterSeconds());
    const url = new URL(c.req.url);
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name)) headers[name] = value;
    });
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(await c.req.arrayBuffer());
    let answer: Awaited<ReturnType<Agent['request']>>;
    try {
      answer = await agent.request({
        origin: 'http://postgrest',
        path: (url.pathname.slice(REST_PREFIX.length) || '/') + url.search,
        method: method as 'GET',
        headers,
        body,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
    } catch {
      return unavailable(c, postgrest.retryAfterSeconds());
    }
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      // CORS is the gateway's (one policy for every API); hop headers describe the inner hop.
      if (value === undefined || HOP_HEADERS.has(name) || name.startsWith('access-control-')) continue;
      for (const item of Array.isArray(value) ? value : [value]) out.append(name, item);
    }
    // PostgREST reconnecting to the database says when it retries, from 0 s: at least 1 s, so
    // clients wait a moment rather than ask again at once.
    if (answer.statusCode === 503) out.set('Retry-After', String(Math.max(1, Number(out.get('retry-after')) || 5)));
    const empty = method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304;
    if (empty) answer.body.resume();
    const stream = empty ? null : (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>);
    return new Response(stream, { status: answer.statusCode, headers: out });
  };
}

function unavailable(c: Context, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  c.header('Cache-Control', 'no-store');
  return c.json({ code: 'PGRST000', message: 'The data API is restarting. Try again shortly.', details: null, hint: null }, 503);
}
