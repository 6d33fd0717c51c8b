/** Test helpers: run an AI server on a free loopback port and call it with fetch. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAiServer, type AiServerOptions } from './app';
import { DEFAULT_ALLOWED_ORIGINS } from './config';

export interface RunningServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

export async function startAiServer(options: Omit<AiServerOptions, 'allowedOrigins'> & Partial<AiServerOptions>): Promise<RunningServer> {
  const server = createAiServer({ allowedOrigins: new Set(DEFAULT_ALLOWED_ORIGINS), ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    stop: () =>
      new Promise((resolve) => {
        void options.searcher.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface JsonReply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** POSTs `body` (a string is sent as is, anything else as JSON) and reads the JSON answer. */
export async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonReply> {
  const text = typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
  return call(base, path, { method: 'POST', body: text, headers: { 'Content-Type': 'application/json', ...headers } });
}

export async function call(base: string, path: string, init: RequestInit = {}): Promise<JsonReply> {
  const response = await fetch(base + path, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}
