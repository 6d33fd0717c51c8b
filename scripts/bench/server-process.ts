/**
 * The parent's end of a bench:rooms server process (rooms-server.ts or relay-server.ts, both
 * measured by server-harness.ts): spawns it with node's flags and drives it over stdin/stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MARKER, type ServerStats } from './rooms-protocol';

const REPLY_TIMEOUT_MS = 10_000;
const root = fileURLToPath(new URL('../..', import.meta.url));

export class ServerProcess {
  private readonly waiting: { type: string; resolve: (message: Record<string, unknown>) => void }[] = [];
  private exited = false;
  readonly exit: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    label: string,
  ) {
    this.exit = new Promise((resolve) => child.once('exit', () => resolve()));
    void this.exit.then(() => {
      this.exited = true;
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(MARKER)) return void process.stderr.write(`[${label}] ${line}\n`);
      const message = JSON.parse(line.slice(MARKER.length)) as Record<string, unknown>;
      const i = this.waiting.findIndex((w) => w.type === message.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(message);
    });
  }

  /** Runs scripts/bench/<script> with `args`; `label` prefixes the lines it prints. */
  static start(script: string, args: string[], label: string): ServerProcess {
    // Node's flags as package.json's "serve" runs the server: a young generation of 32 MB per
    // semi-space (instead of 16) means fewer scavenges: about a tenth less CPU per move here.
    // The relay gets the same flags, so the two differ in the server alone.
    const argv = ['--max-semi-space-size=32', '--import', 'tsx', join(root, 'scripts', 'bench', script), ...args];
    return new ServerProcess(spawn(process.execPath, argv, { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] }), label);
  }

  /** Waits for the next message of `type` (after sending `command`, if any); undefined on time-out or exit. */
  async request<T>(type: string, command: string | undefined, timeoutMs = REPLY_TIMEOUT_MS): Promise<T | undefined> {
    if (this.exited) return undefined;
    const reply = new Promise<Record<string, unknown>>((resolve) => this.waiting.push({ type, resolve }));
    if (command) this.child.stdin!.write(`${command}\n`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
    const result = await Promise.race([reply, timeout, this.exit.then(() => undefined)]);
    clearTimeout(timer);
    return result as T | undefined;
  }

  /** Asks the server to stop, then kills it if it does not; always resolves. */
  async stop(): Promise<ServerStats | undefined> {
    if (this.exited) return undefined;
    const final = await this.request<ServerStats>('stopped', 'stop');
    this.child.stdin!.end();
    const gone = await Promise.race([this.exit.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000))]);
    if (!gone) this.kill();
    return final;
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}
