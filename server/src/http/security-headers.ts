/**
 * The headers every answer carries, pages and APIs alike: a Content-Security-Policy that lets the
 * page run only the built client's own scripts (no inline script but the build's route-preload one,
 * allowed by its hash; the engine's WebAssembly compiled; PixiJS without eval, see src/board/pixi.ts),
 * talk only to this server, the hosted API it was built for, the analytics service it was built
 * with (if any: its script, its reports and its pixel) and the local AI server, and never be
 * framed, so no other site can lay the game under a decoy and have a player click Forfeit, Approve
 * undo or Sign Out; no MIME sniffing; only the origin in Referer across sites; and, when the player
 * reached us over TLS through a trusted proxy, HSTS.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { cameOverTls, type TrustedProxies } from './client-address';

export interface SecurityOptions {
  /** The built client's index.html: its inline scripts are allowed by their hashes. */
  indexHtml: string;
  /** Origins the client may talk to besides this one, e.g. VITE_SUPABASE_URL's. */
  connectOrigins: readonly string[];
  /** The analytics service's origin, when the client was built with one (VITE_ANALYTICS_SRC). */
  analyticsOrigins?: readonly string[];
  trusted: TrustedProxies;
}

/** What the headers depend on in a request. */
export interface RequestSeen {
  /** The Host header. */
  host: string | undefined;
  /** The connection's address. */
  remote: string | undefined;
  /** The X-Forwarded-Proto header. */
  forwardedProto: string | string[] | undefined;
}

export interface SecurityHeaders {
  /** The headers for an answer to a request. */
  of(request: RequestSeen): Record<string, string>;
  /** Reads index.html's inline scripts again if the file changed (a rebuild): before a page goes out. */
  refresh(): Promise<void>;
}

/** The local AI server the game page asks with ?aiDev=true (SPEC §7). */
export const AI_DEV_SERVER_ORIGIN = 'http://localhost:5000';

/** A year, as browsers' preload lists ask; subdomains are the operator's to vouch for, not ours. */
const HSTS = 'max-age=31536000';

/** A Host header fit to go into the policy: a name or address and a port, nothing else. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const FIXED = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Each origin, and for http(s) its websocket twin (socket.io and realtime connect with ws:/wss:). */
export function connectSources(origins: readonly string[]): string[] {
  return origins.flatMap((origin) => {
    const { protocol, host } = new URL(origin);
    const socket = protocol === 'https:' ? 'wss:' : protocol === 'http:' ? 'ws:' : undefined;
    return socket ? [`${protocol}//${host}`, `${socket}//${host}`] : [`${protocol}//${host}`];
  });
}

export async function createSecurityHeaders({ indexHtml, connectOrigins, analyticsOrigins = [], trusted }: SecurityOptions): Promise<SecurityHeaders> {
  const analytics = analyticsOrigins.map((origin) => ` ${new URL(origin).origin}`).join('');
  const elsewhere = [...connectSources(connectOrigins), ...analyticsOrigins.map((origin) => new URL(origin).origin), AI_DEV_SERVER_ORIGIN].join(' ');
  let version = '';
  let head = '';
  const tail =
    `${elsewhere ? ` ${elsewhere}` : ''}; ` +
    // The AI's worker is one of the build's files; the service worker is /sw.js.
    "worker-src 'self'; " +
    // Style sheets only from the build; style attributes in markup, which the charts' tooltips
    // are made of (ECharts' HTML), but no <style> element from anywhere.
    "style-src 'self'; style-src-attr 'unsafe-inline'; " +
    `img-src 'self' data: blob:${analytics}; font-src 'self'; ` +
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

  const refresh = async () => {
    const info = await stat(indexHtml).catch(() => undefined);
    const seen = info ? `${info.size}-${info.mtimeMs}` : 'none';
    if (seen === version) return;
    const html = info ? await readFile(indexHtml, 'utf8').catch(() => '') : '';
    version = seen;
    const hashes = inlineScripts(html).map((script) => ` 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    head = `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'${hashes.join('')}${analytics}; connect-src 'self'`;
  };
  await refresh();

  return {
    refresh,
    of({ host, remote, forwardedProto }) {
      // 'self' covers this origin's websockets in current browsers; older ones need them named.
      const sockets = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
      const headers: Record<string, string> = { ...FIXED, 'Content-Security-Policy': head + sockets + tail };
      if (cameOverTls(remote, forwardedProto, trusted)) headers['Strict-Transport-Security'] = HSTS;
      return headers;
    },
  };
}

/** What the headers depend on in a node request. */
export const seenIn = (req: IncomingMessage): RequestSeen => ({ host: req.headers.host, remote: req.socket.remoteAddress, forwardedProto: req.headers['x-forwarded-proto'] });

/** The text of each `<script>` without a src attribute, as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!)).map(([, , body]) => body!);
}
