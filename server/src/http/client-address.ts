/**
 * The address a request came from, for the throttles. Behind a reverse proxy (nginx, a load
 * balancer) every request comes from the proxy, so with TRUST_PROXY set the last address of
 * X-Forwarded-For, the one the proxy saw, is used instead. Without it the header is ignored: a
 * client could otherwise name any address it likes.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export type ClientAddress = (c: Context) => string;

export function clientAddress({ trustProxy }: { trustProxy: boolean }): ClientAddress {
  return (c) => {
    if (trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    return getConnInfo(c).remote.address ?? 'unknown';
  };
}
