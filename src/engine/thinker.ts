/**
 * Runs the computer's searches off the main thread, so they never block
 * rendering, and cancels them (new game, undo, leaving the page) by ending the
 * worker: a search inside wasm cannot be interrupted any other way.
 */
import type { AiMove, AiRequest, EndgameSolution, SolveRequest } from './ai-types';

/** What the thinker needs of a worker, in the browser or in Node. */
export interface WorkerPort {
  post(message: ThinkMessage | SolveMessage): void;
  onMessage(handler: (message: ThoughtMessage) => void): void;
  onError(handler: (error: Error) => void): void;
  terminate(): void;
}

export interface ThinkMessage {
  id: number;
  request: AiRequest;
}

/** Asks the worker to solve an endgame exactly. */
export interface SolveMessage {
  id: number;
  solve: SolveRequest;
}

export type ThoughtMessage =
  | { id: number; ok: true; move: AiMove | null }
  | { id: number; ok: true; solution: EndgameSolution | null }
  | { id: number; ok: false; error: string };

type Answer = Extract<ThoughtMessage, { ok: true }>;

/** The search was cancelled before it answered. */
export class AiCancelledError extends Error {
  constructor() {
    super('the AI search was cancelled');
    this.name = 'AiCancelledError';
  }
}

interface Pending {
  id: number;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

export class Thinker {
  private worker: WorkerPort | undefined;
  private pending: Pending | undefined;
  private nextId = 1;

  constructor(private readonly spawn: () => WorkerPort) {}

  /** Whether a search is under way. */
  get thinking(): boolean {
    return this.pending !== undefined;
  }

  /** Searches for a move; starting a new search cancels the one under way. */
  think(request: AiRequest): Promise<AiMove | null> {
    return this.ask((id) => ({ id, request })).then((answer) => ('move' in answer ? answer.move : null));
  }

  /**
   * Solves an endgame exactly off the main thread: `null` when it is beyond the
   * solver's reach. Like `think`, it cancels the work under way.
   */
  solve(request: SolveRequest): Promise<EndgameSolution | null> {
    return this.ask((id) => ({ id, solve: request })).then((answer) => ('solution' in answer ? answer.solution : null));
  }

  private ask(message: (id: number) => ThinkMessage | SolveMessage): Promise<Answer> {
    this.cancel();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      worker.post(message(id));
    });
  }

  /** Stops the search under way, if any; its promise rejects with AiCancelledError. */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    pending.reject(new AiCancelledError());
  }

  /** Ends the worker for good (the thinker can still start a new one). */
  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = undefined;
  }

  private ensureWorker(): WorkerPort {
    if (this.worker) return this.worker;
    const worker = this.spawn();
    worker.onMessage((message) => this.settle(message));
    worker.onError((error) => {
      const pending = this.pending;
      this.pending = undefined;
      this.worker?.terminate();
      this.worker = undefined;
      pending?.reject(error);
    });
    this.worker = worker;
    return worker;
  }

  private settle(message: ThoughtMessage): void {
    const pending = this.pending;
    if (!pending || pending.id !== message.id) return; // an answer to a cancelled search
    this.pending = undefined;
    if (message.ok) pending.resolve(message);
    else pending.reject(new Error(message.error));
  }
}
