/**
 * Debian's PostgreSQL run by us: its binaries, its account (PostgreSQL refuses to run as root,
 * so as root its tools run as the postgres user), initdb, and the server itself behind
 * run-postgres.sh, which stops it when we go, even by SIGKILL. The embedded database
 * (embedded-postgres.ts) and the throwaway clusters of tests and `npm run cluster`
 * (postgres-cluster.ts) both start it here.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lowPriority } from '../low-priority';
import type { Launched } from './keeper';
import { killProcessTree } from './process-tree';

const INSTALLED = '/usr/lib/postgresql';
const WRAPPER = fileURLToPath(new URL('./run-postgres.sh', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

/** The bin folder of `version` (a cluster's PG_VERSION), or of the newest installed; undefined if none. */
export function findPostgresBin(version?: string): string | undefined {
  if (!existsSync(INSTALLED)) return undefined;
  const versions = readdirSync(INSTALLED)
    .filter((name) => existsSync(join(INSTALLED, name, 'bin', 'postgres')))
    .sort((a, b) => Number(a) - Number(b));
  const chosen = version === undefined ? versions.at(-1) : versions.find((name) => name === version);
  return chosen === undefined ? undefined : join(INSTALLED, chosen, 'bin');
}

export function postgresBin(version?: string): string {
  const bin = findPostgresBin(version);
  if (bin) return bin;
  throw new Error(
    version === undefined
      ? "Debian's PostgreSQL is not installed: run scripts/setup (apt-get install postgresql)"
      : `its data was made by PostgreSQL ${version}, which is not installed here (apt-get install postgresql-${version})`,
  );
}

/** The user PostgreSQL runs as when we are root. Undefined: we are not root, and it runs as us. */
export interface PostgresAccount {
  uid: number;
  gid: number;
}

export function postgresAccount(): PostgresAccount | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('PostgreSQL refuses to run as root, and there is no postgres user to run it as (apt-get install postgresql makes one)');
  }
}

/** Runs one of PostgreSQL's tools as its account, from `/` (root's working folder may be closed to it). */
export function runAsPostgres(account: PostgresAccount | undefined, command: string, args: readonly string[]): void {
  try {
    execFileSync(command, args, { stdio: 'pipe', cwd: '/', ...account });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${command.split('/').at(-1)} failed${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

/** Whether `account` can reach and enter `dir` (every folder above it searchable). */
export function canEnter(account: PostgresAccount | undefined, dir: string): boolean {
  try {
    execFileSync('test', ['-x', dir], { stdio: 'ignore', cwd: '/', ...account });
    return true;
  } catch {
    return false;
  }
}

export interface InitdbOptions {
  /** Skip initdb's final sync: a throwaway cluster for tests only. */
  throwaway?: boolean;
}

/** A new cluster in `data` (a folder that does not exist yet, or that `account` owns and is empty). */
export function initdb(bin: string, account: PostgresAccount | undefined, data: string, { throwaway = false }: InitdbOptions = {}): void {
  const args = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'];
  // A kept cluster must survive a crash right after initdb; a throwaway one need not.
  if (throwaway) args.push('--no-sync');
  runAsPostgres(account, join(bin, 'initdb'), args);
}

/**
 * Starts `postgres` with `args` behind run-postgres.sh, in a process group of its own, at
 * `niceness` (nice(1)); as root as the postgres user, through setpriv (which execs, so signals
 * reach the postmaster itself: runuser would stand between, and answers a signal by a SIGTERM
 * and, 2 s later, a SIGKILL).
 */
export interface LaunchedPostgres extends Launched {
  /** The end of what it printed, for the message when it does not start. */
  tail(): string;
}

export function launchPostgres(bin: string, account: PostgresAccount | undefined, args: readonly string[], niceness?: number): LaunchedPostgres {
  const server = [join(bin, 'postgres'), ...args];
  const asAccount = account ? ['setpriv', `--reuid=${account.uid}`, `--regid=${account.gid}`, '--clear-groups', ...server] : server;
  const [command, commandArgs] = niceness === undefined ? [asAccount[0]!, asAccount.slice(1)] : lowPriority(asAccount[0]!, asAccount.slice(1), niceness);
  const wrapper = spawn(WRAPPER, [command, ...commandArgs], { stdio: ['pipe', 'pipe', 'pipe'], detached: true, cwd: '/' });
  let pid: number | undefined;
  let tail = '';
  const keep = (text: string) => (tail = (tail + text).slice(-4096));
  wrapper.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    const match = /postgres pid (\d+)/.exec(text);
    if (match) pid = Number(match[1]);
    else keep(text);
  });
  wrapper.stderr.on('data', (chunk: Buffer) => keep(chunk.toString()));
  wrapper.stdin.on('error', () => undefined); // the pipe breaks when the wrapper is gone
  const exited = new Promise<void>((resolve) => {
    wrapper.once('exit', () => resolve());
    wrapper.once('error', (error) => {
      keep(`${error.message}\n`);
      resolve();
    });
  });
  const launched: LaunchedPostgres = {
    get pid() {
      return pid;
    },
    exited,
    stop: () => wrapper.stdin.end(),
    kill: () => {
      if (wrapper.pid !== undefined && wrapper.exitCode === null && wrapper.signalCode === null) killProcessTree(wrapper.pid);
    },
    tail: () => tail,
  };
  return launched;
}

/**
 * Resolves once PostgreSQL accepts a connection for `config`; fails at once, with what it
 * printed, if it exits first (and kills it if it does not answer within a minute).
 */
export async function untilAnswering(launched: LaunchedPostgres, config: pg.ClientConfig): Promise<void> {
  let gone = false;
  void launched.exited.then(() => (gone = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (let wait = 20; ; wait = Math.min(wait * 2, 100)) {
    const client = new pg.Client(config);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (gone) throw new Error(`PostgreSQL exited before it was ready:\n${launched.tail().trim()}`);
    if (Date.now() > deadline) {
      launched.kill();
      throw new Error(`PostgreSQL did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${launched.tail().trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
