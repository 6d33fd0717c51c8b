/**
 * Attacks at the HTTP edge over real HTTP: a client that reaches a node directly and writes a new
 * X-Forwarded-For on every password guess, a page framed by another site (clickjacking Forfeit,
 * Approve undo or Sign Out), and HSTS claimed over plain HTTP. The throttles count in the database,
 * so both kinds run.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../src/engine/load';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { parseTrustedProxies } from '../http/client-address';
import { startTestBackend, type TestBackend } from '../backend.testkit';

const INLINE_SCRIPT = "document.documentElement.dataset.preloaded='yes'";

describe.each(TEST_DATABASES)('attacks at the HTTP edge on %s', (_name, open) => {
  let test: TestDatabase;
  /** A node whose only trusted proxy is on another network: the test connects to it directly. */
  let direct: TestBackend;
  const distDir = mkdtempSync(join(tmpdir(), 'cc-dist-'));
  beforeAll(async () => {
    writeFileSync(join(distDir, 'index.html'), `<!doctype html><title>Cell Connection</title><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script>`);
    test = await open();
    direct = await startTestBackend(test, { distDir, trustProxy: parseTrustedProxies('10.0.0.0/8'), engine: await loadEngine() });
  });
  afterAll(async () => {
    await direct?.stop().catch(() => undefined);
    await test?.stop().catch(() => undefined);
    rmSync(distDir, { recursive: true, force: true });
  });

  it('a direct client writing a new X-Forwarded-For per guess is still one address: the 11th guess is refused', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      const reply = await fetch(`${direct.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: direct.keys.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${guess + 1}` },
        body: JSON.stringify({ email: `victim${guess}@example.com`, password: 'Summer2026!' }),
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
  });

  it('sends the security headers on pages, API answers and socket.io, and the page policy allows only its own inline script', async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    const answers = await Promise.all(
      ['/', '/game', '/rest/v1/profiles?select=id', '/auth/v1/user', '/socket.io/?EIO=4&transport=polling'].map((path) =>
        fetch(`${direct.url}${path}`, { headers: { apikey: direct.keys.anonKey } }),
      ),
    );
    for (const answer of answers) {
      await answer.arrayBuffer();
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp, answer.url).toContain("default-src 'self'");
      expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash};`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toContain(`connect-src 'self' ws://${new URL(direct.url).host} wss://${new URL(direct.url).host}`);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 401, 200]);
  });

  it('claims HSTS only for a request that came over TLS through a trusted proxy', async () => {
    const claimed = await fetch(`${direct.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
    const proxied = await startTestBackend(test, { distDir });
    try {
      // The test backend trusts loopback: here the test speaks as the proxy.
      const overTls = await fetch(`${proxied.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const rest = await fetch(`${proxied.url}/rest/v1/profiles?select=id`, { headers: { apikey: proxied.keys.anonKey, 'X-Forwarded-Proto': 'https' } });
      expect(rest.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const plain = await fetch(`${proxied.url}/`, { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.stop();
    }
  });
});
