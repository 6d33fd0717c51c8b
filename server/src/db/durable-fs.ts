/**
 * PGlite's Node file system with a real fsync. Emscripten's NODEFS has no fsync, so PGlite's
 * fsync(2) calls return at once and a committed write sits in the page cache: an operating-system
 * crash or power cut would lose it. This forwards them to fs.fsyncSync, and `durableStartParams`
 * turns PostgreSQL's fsync back on (PGlite starts it with -F) with the one sync method that reaches
 * it: emscripten's fdatasync is a no-op.
 */
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitOptions = Parameters<NodeFS['init']>[1];

interface EmscriptenStream {
  nfd?: number;
}
interface NodeFsOps {
  stream_ops: { fsync?: (stream: EmscriptenStream) => number };
}
/** Emscripten keeps NODEFS on the module (PGlite 0.5.16) or under FS.filesystems (earlier builds). */
interface ModuleWithNodeFs {
  NODEFS?: NodeFsOps;
  FS: { filesystems?: { NODEFS?: NodeFsOps } };
}

/** Counts the fsyncs that reached the disk, so a test can see a commit wait for one. */
export const fsyncCounter = { count: 0 };

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: InitOptions) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const realFsync = (mod: ModuleWithNodeFs) => {
      const nodefs = mod.NODEFS ?? mod.FS.filesystems?.NODEFS;
      if (!nodefs) throw new Error('PGlite changed: its NODEFS was not found, so fsync cannot reach the disk');
      nodefs.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        fsyncCounter.count++;
        return 0;
      };
    };
    const preRun = [...(emscriptenOpts.preRun ?? []), realFsync as unknown as NonNullable<InitOptions['preRun']>[number]];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** PGlite's defaults without -F (fsync off), syncing the WAL with fsync(2). */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}
