/**
 * Messages between game nodes, carried by socket.io's adapter (serverSideEmit), so
 * they travel the same way, and in the same order, as the room events the adapter broadcasts.
 * A node forwards a command to the node that owns the room and waits for its answer; an owner
 * tells the others when a seat moves or a room changes hands. With one node (no adapter) there
 * is nobody to ask: every request answers undefined at once.
 */
import type { Command } from '../core/commands';
import type { Reply } from '../core/step';

/** What one node asks another. */
export type NodeRequest =
  /** Run this command on the room you own, for the socket `socketId` on node `node` (the asking one). */
  | { type: 'command'; roomId: string; command: Command; socketId: string; node: string }
  /** Would the room you own take a player of this name? An error to show, or null. */
  | { type: 'canJoin'; roomId: string; username: string }
  /** Whose seat does this rejoin token hash open? Asked of every node; each answers (null: not mine). */
  | { type: 'findToken'; tokenHash: string }
  /** Node `node` has `count` sockets watching the room you own: the room as it is now, for the newest. */
  | { type: 'watch'; roomId: string; node: string; count: number };

export type SeatFound = { roomId: string; code: string; playerId: string };

/** What an owner tells every other node. */
export type NodeNotice =
  /** The player's seat is no longer held by any socket but `except` (left, or back on another socket). */
  | { type: 'unseat'; playerId: string; code: string; except?: string }
  /** The room now belongs to `owner` (a takeover): sockets seated in it come back to it. */
  | { type: 'owner'; roomId: string; owner: string }
  /** A node gave its rooms up (shutting down): take them over now. */
  | { type: 'released'; from: string }
  /** Node `node` has `count` sockets watching the room (for its owner, whichever node that is). */
  | { type: 'spectators'; roomId: string; node: string; count: number };

type NodeMessage =
  | { kind: 'request'; id: number; from: string; to: string; body: NodeRequest }
  | { kind: 'response'; id: number; from: string; to: string; body: unknown }
  | { kind: 'notice'; body: NodeNotice };

/** socket.io's server-to-server events, as the game server's Server is typed with them. */
export interface NodeEvents {
  node: (message: NodeMessage) => void;
}

/** Anything to ask the owner about: undefined means "not mine, no answer". */
export interface NodeHandlers {
  request(body: NodeRequest): Promise<unknown> | unknown;
  notice(body: NodeNotice): void;
}

/** What the channel needs of socket.io's server: its messages to and from the other nodes. */
export interface NodeServer {
  serverSideEmit(event: 'node', message: NodeMessage): boolean;
  on(event: 'node', listener: (message: NodeMessage) => void): unknown;
}

export class Cluster {
  private nextId = 1;
  private readonly waiting = new Map<number, (body: unknown, from: string) => void>();
  private handlers: NodeHandlers | null = null;

  constructor(
    private readonly io: NodeServer,
    readonly nodeId: string,
    /** Whether other nodes may exist (an adapter between nodes is set up). */
    readonly multiNode: boolean,
  ) {}

  /**
   * Who answers the other nodes (the router, as it is built): the channel exists first, so that
   * the rooms can tell other nodes what changed before anyone answers them.
   */
  serve(handlers: NodeHandlers): void {
    if (this.handlers) throw new Error('the nodes already have someone to answer them');
    this.handlers = handlers;
    if (this.multiNode) this.io.on('node', (message: NodeMessage) => void this.receive(message));
  }

  /** Asks node `to` ('*': whichever answers first); undefined when nobody answers in time. */
  request<T>(to: string, body: NodeRequest, timeoutMs: number): Promise<T | undefined> {
    if (!this.multiNode) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer as T);
      });
      this.io.serverSideEmit('node', { kind: 'request', id, from: this.nodeId, to, body });
    });
  }

  /**
   * Asks every node in `nodes` at once and collects their answers until all have answered or the
   * time is up: a node missing from the result did not answer (it may be gone).
   */
  askEach<T>(nodes: readonly string[], body: NodeRequest, timeoutMs: number): Promise<Map<string, T>> {
    const answers = new Map<string, T>();
    if (!this.multiNode || nodes.length === 0) return Promise.resolve(answers);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answers);
      };
      const timer = setTimeout(finish, timeoutMs);
      this.waiting.set(id, (answer, from) => {
        if (nodes.includes(from)) answers.set(from, answer as T);
        if (answers.size === nodes.length) finish();
      });
      this.io.serverSideEmit('node', { kind: 'request', id, from: this.nodeId, to: '*', body });
    });
  }

  notify(body: NodeNotice): void {
    if (this.multiNode) this.io.serverSideEmit('node', { kind: 'notice', body });
  }

  private async receive(message: NodeMessage): Promise<void> {
    switch (message.kind) {
      case 'notice':
        return this.handlers?.notice(message.body);
      case 'response':
        if (message.to === this.nodeId) this.waiting.get(message.id)?.(message.body, message.from);
        return;
      case 'request': {
        if (message.to !== this.nodeId && message.to !== '*') return;
        let answer: unknown;
        try {
          answer = await this.handlers?.request(message.body);
        } catch (error) {
          console.error(`node request ${message.body.type} failed`, error);
          answer = { success: false, error: 'Internal server error' } satisfies Reply;
        }
        if (answer === undefined) return;
        this.io.serverSideEmit('node', { kind: 'response', id: message.id, from: this.nodeId, to: message.from, body: answer });
      }
    }
  }
}
