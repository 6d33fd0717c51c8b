/**
 * Debian's nginx in front of the game's nodes, as a load balancer would be in production: run by
 * `npm run cluster` and by tests, never as the system's service. Everything it writes (pid, error
 * log, temporary files) goes into a fresh folder that `stop()` removes, so it needs no root and
 * touches nothing in /etc, /var or /run.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionIdPrefix } from '../rooms/nodes/session-ids';
import { acceptsConnections, spawnService, stopService, waitUntilReady } from './service';

export const NGINX = '/usr/sbin/nginx';
const STARTUP_MS = 15_000;
/** SIGQUIT lets requests in flight finish; open websockets are closed after worker_shutdown_timeout. */
const STOP_MS = 10_000;

export interface NginxSettings {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  /** The nodes' ports on 127.0.0.1. */
  upstreams: readonly number[];
  /**
   * The nodes' NODE_IDs, in the order of `upstreams`: a socket.io connection asking for one
   * (`?node=node-2`, the node that owns the player's room) goes to it, or to another when it is down.
   */
  nodeIds?: readonly string[];
}

export interface NginxOptions extends NginxSettings {
  /** Each line nginx prints (its warnings and errors); by default they are kept only for error messages. */
  log?: (line: string) => void;
}

export interface RunningNginx {
  url: string;
  port: number;
  /** Its process (nginx's master), for measuring what it costs (bench:rooms --nodes). */
  pid: number | undefined;
  /** SIGQUIT (graceful), SIGKILL after 10 s; then its folder is removed. */
  stop(): Promise<void>;
}

function checkPort(port: number, what: string): void {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`nginx: ${what} must be a port from 1 to 65535, got ${port}`);
}

/**
 * The configuration. Relative paths are in the folder nginx is started in (`-p`). Round-robin,
 * not ip_hash: locally every client comes from 127.0.0.1, so ip_hash would send them all to one
 * node; and the nodes share rooms, so a player needs no particular node.
 */
export function nginxConfig({ port, upstreams, nodeIds = [] }: NginxSettings): string {
  checkPort(port, 'the listening port');
  if (upstreams.length === 0) throw new Error('nginx: at least one upstream port is needed');
  for (const upstream of upstreams) checkPort(upstream, 'an upstream');
  if (nodeIds.length > 0 && nodeIds.length !== upstreams.length) throw new Error('nginx: one NODE_ID per upstream is needed');
  for (const id of nodeIds) if (!/^[\w.:-]{1,100}$/.test(id)) throw new Error(`nginx: "${id}" is not a NODE_ID`);
  // max_fails=1 fail_timeout=2s: one failed connection takes a node out of the rotation for 2 s.
  const server = (upstream: number, backup = false) => `        server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s${backup ? ' backup' : ''};`;
  const servers = upstreams.map((upstream) => server(upstream)).join('\n');
  // One group per node, the others as its backups: a player goes to the node that owns their
  // room, and to another one (which then takes the room over) while that node is down.
  const perNode = nodeIds
    .map((_, i) => `    upstream cell_connection_node_${i + 1} {\n${[server(upstreams[i]!), ...upstreams.filter((_, j) => j !== i).map((u) => server(u, true))].join('\n')}\n    }\n`)
    .join('\n');
  const byNode = nodeIds.map((id, i) => `        "${id}" cell_connection_node_${i + 1};`).join('\n');
  // base64url and "~": nothing in a session id's prefix has a meaning in a regular expression.
  const bySession = nodeIds.map((id, i) => `        "~^${sessionIdPrefix(id)}" cell_connection_node_${i + 1};`).join('\n');
  return `# Written by server/src/cluster/nginx.ts: nginx in front of Cell Connection's nodes.
daemon off;
worker_processes 1;
pid nginx.pid;
error_log error.log warn;
error_log stderr warn;
# SIGQUIT waits for open connections; a websocket could keep it waiting for an hour.
worker_shutdown_timeout 3s;

events {
    worker_connections 4096;
}

http {
    access_log off;
    client_body_temp_path client_body_temp;
    proxy_temp_path proxy_temp;
    fastcgi_temp_path fastcgi_temp;
    uwsgi_temp_path uwsgi_temp;
    scgi_temp_path scgi_temp;

    # A websocket's Upgrade is passed on; other requests close their upstream connection
    # (no keepalive to the nodes: a killed node then leaves no stale connection to retry on).
    map $http_upgrade $connection_upgrade {
        default upgrade;
        ''      close;
    }

    upstream cell_connection_nodes {
${servers}
    }

${perNode}
    # ?node=ID (socket.io's query, set by the client once it knows its room's node): that node.
    map $arg_node $cell_connection_by_node {
        default cell_connection_nodes;
${byNode}
    }
    # ?sid= (long-polling's every request, and its upgrade): the node that made the session,
    # whose id starts with the node's (server/src/rooms/nodes/session-ids.ts). A WebSocket needs none.
    map $arg_sid $cell_connection_upstream {
        default $cell_connection_by_node;
${bySession}
    }

    server {
        listen 127.0.0.1:${port};
        client_max_body_size 2m;

        # Everything goes to the nodes: the client's files, /auth/v1, /rest/v1 and /socket.io/.
        location / {
            proxy_pass http://$cell_connection_upstream;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            # The nodes (TRUST_PROXY=127.0.0.1) take the last address of this list as the client's.
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            # A node that is down or answers 502/503 is skipped: the request goes to the next one.
            # (A POST already sent to a node that then dies is not repeated: it may have been applied.)
            proxy_next_upstream error timeout http_502 http_503;
            proxy_connect_timeout 5s;
            # Websockets stay open for a whole game; socket.io's pings keep them busy meanwhile.
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
        }
    }
}
`;
}

/** Starts nginx on 127.0.0.1:`port` in front of `upstreams`; resolves once the port accepts connections. */
export async function startNginx({ port, upstreams, nodeIds, log }: NginxOptions): Promise<RunningNginx> {
  const config = nginxConfig({ port, upstreams, nodeIds });
  if (!existsSync(NGINX)) throw new Error(`Debian's nginx is not installed (${NGINX}): run scripts/setup (apt-get install nginx)`);
  // Else the readiness check below would take the other listener for nginx.
  if (await acceptsConnections(port)) throw new Error(`nginx: port ${port} on 127.0.0.1 is taken: choose another`);
  const dir = mkdtempSync(join(tmpdir(), 'cc-nginx-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    // As root, nginx's workers run as an unprivileged user (nobody): they must reach the temp folders.
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'nginx.conf'), config);
    // -e stderr: errors before the configuration is read go to us, not to /var/log/nginx.
    const nginx = spawnService(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], { cwd: dir, log });
    await waitUntilReady(nginx, `nginx on port ${port}`, () => acceptsConnections(port), STARTUP_MS);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= stopService(nginx, 'SIGQUIT', STOP_MS).then(removeDir, (error: unknown) => {
        removeDir();
        throw error;
      }));
    return { url: `http://localhost:${port}`, port, pid: nginx.child.pid, stop };
  } catch (error) {
    removeDir();
    throw error;
  }
}
