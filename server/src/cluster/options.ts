/**
 * The command line of `npm run cluster`: `--nodes N` (1 to 16, default 3), `--port P` (nginx's,
 * default 3001; the nodes take the next N ports) and `--adapter postgres|redis` (default
 * postgres), each as `--name value` or `--name=value`. Anything else is refused with one line.
 */

export type SocketAdapter = 'postgres' | 'redis';

export interface ClusterOptions {
  nodes: number;
  port: number;
  adapter: SocketAdapter;
}

export const MAX_NODES = 16;
export const USAGE = 'usage: npm run cluster -- [--nodes 1..16] [--port 3001] [--adapter postgres|redis]';

/** The options ('help' for --help); throws an Error whose message is the one line to print. */
export function parseClusterOptions(argv: readonly string[]): ClusterOptions | 'help' {
  const options: ClusterOptions = { nodes: 3, port: 3001, adapter: 'postgres' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--(nodes|port|adapter)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown option "${arg}" (${USAGE})`);
    const name = match[1]!;
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`--${name} needs a value (${USAGE})`);
    if (name === 'nodes') options.nodes = integer(value, '--nodes', 1, MAX_NODES);
    else if (name === 'port') options.port = integer(value, '--port', 1, 65535);
    else if (value === 'postgres' || value === 'redis') options.adapter = value;
    else throw new Error(`--adapter must be postgres or redis, got "${value}"`);
  }
  if (options.port + options.nodes > 65535) {
    throw new Error(`--port ${options.port} leaves no room for ${options.nodes} nodes on the ports after it (at most ${65535 - options.nodes})`);
  }
  return options;
}

function integer(value: string, name: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return number;
}
