/**
 * One node of `npm run cluster`, kept running: when it dies (a crash, `kill -9`) it is reported
 * and started again after a second, on the same port with the same NODE_ID, as a developer's
 * cluster should heal by itself. A start that fails is tried again a second later.
 */
import { startNodeProcess, stopNodeProcess, type NodeProcess } from './node-process';

const RESTART_DELAY_MS = 1_000;

export interface SupervisedNodeOptions {
  id: string;
  port: number;
  env: Record<string, string>;
  /** The node's own lines. */
  log: (line: string) => void;
  /** What the supervisor has to say (exits, restarts). */
  report: (line: string) => void;
  nodeFlags?: readonly string[];
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

export class SupervisedNode {
  private current: NodeProcess | undefined;
  private starting: Promise<NodeProcess> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: SupervisedNodeOptions) {}

  /** Starts it; rejects if it cannot start (the first start is not retried: the settings may be wrong). */
  async start(): Promise<void> {
    const { port, env, log, nodeFlags } = this.options;
    // Its own process group: Ctrl-C reaches only the cluster, which stops the nodes after nginx.
    this.starting = startNodeProcess({ port, env, log, nodeFlags, detached: true });
    try {
      this.current = await this.starting;
    } finally {
      this.starting = undefined;
    }
    const node = this.current;
    void node.exited.then(() => this.exited(node));
  }

  private exited(node: NodeProcess): void {
    if (this.stopped || this.current !== node) return;
    this.current = undefined;
    const how = node.child.signalCode ? `signal ${node.child.signalCode}` : `code ${node.child.exitCode}`;
    this.options.report(`${this.options.id} exited (${how}); starting it again in ${RESTART_DELAY_MS / 1000} s`);
    this.retry();
  }

  private retry(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.stopped) return;
      this.start().then(
        () => this.options.report(`${this.options.id} is back on port ${this.options.port}`),
        (error: unknown) => {
          if (this.stopped) return;
          this.options.report(`${this.options.id} could not start: ${firstLine(error)}; trying again in ${RESTART_DELAY_MS / 1000} s`);
          this.retry();
        },
      );
    }, RESTART_DELAY_MS);
  }

  /** SIGTERM (the node drains: it writes what it accepted and tells its clients to reconnect); no more restarts. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const node = (await this.starting?.catch(() => undefined)) ?? this.current;
    this.current = undefined;
    if (node) await stopNodeProcess(node);
  }
}
