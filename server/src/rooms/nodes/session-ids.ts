/**
 * engine.io session ids that name their node. A client that cannot open a WebSocket
 * falls back to HTTP long-polling: one request after another, each carrying `?sid=`, and each
 * must reach the node that holds the session. The load balancer reads the node from the id
 * (server/src/cluster/nginx.ts maps the prefix to that node), so no sticky cookie is needed.
 * Only URL-safe characters: the id travels in the query string as it is.
 */
import { randomBytes } from 'node:crypto';

const SEPARATOR = '~';

/** The prefix of every session id made by this node. */
export function sessionIdPrefix(nodeId: string): string {
  return `${Buffer.from(nodeId).toString('base64url')}${SEPARATOR}`;
}

/** A new session id of this node: its prefix, then 15 random bytes. */
export function newSessionId(nodeId: string): string {
  return sessionIdPrefix(nodeId) + randomBytes(15).toString('base64url');
}
