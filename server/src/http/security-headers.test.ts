import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_PROXIES } from './client-address';
import { createSecurityHeaders } from './security-headers';

const indexHtml = join(mkdtempSync(join(tmpdir(), 'cc-csp-')), 'index.html');
writeFileSync(indexHtml, '<!doctype html><script type="module" src="/assets/app.js"></script>');
const request = { host: 'localhost:3001', remote: '127.0.0.1', forwardedProto: undefined };

/** The policy's directives by name. */
async function policy(analyticsOrigins?: string[]): Promise<Map<string, string>> {
  const headers = await createSecurityHeaders({ indexHtml, connectOrigins: [], analyticsOrigins, trusted: NO_PROXIES });
  const csp = headers.of(request)['Content-Security-Policy']!;
  return new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d]));
}

describe("the page's security policy and the analytics service", () => {
  it('names no third party when the client was built without analytics', async () => {
    const csp = await policy();
    for (const name of ['script-src', 'connect-src', 'img-src']) expect(csp.get(name)).not.toContain('stats.example');
    expect(csp.get('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
  });

  it("lets the configured service's script load and report (its fetches and its pixel), nothing more", async () => {
    const csp = await policy(['https://stats.example']);
    expect(csp.get('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval' https://stats.example");
    expect(csp.get('connect-src')).toContain(' https://stats.example ');
    expect(csp.get('img-src')).toBe("img-src 'self' data: blob: https://stats.example");
    expect(csp.get('style-src')).toBe("style-src 'self'");
  });
});
