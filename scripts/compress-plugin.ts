/**
 * Precompression at build time: next to every text-like file Vite writes, a `.br` (brotli, quality
 * 11) and a `.gz` (gzip, level 9) twin, which the server sends as they are
 * (server/src/http/static-files.ts). Compressing once here lets us use the slowest, smallest
 * settings, which would cost far too much per request.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Formats that compress well. Source maps are left out: only devtools fetch them, and brotli 11
 * over megabytes of them would slow every build for nothing players download.
 */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.wasm', '.txt', '.webmanifest', '.xml']);

/**
 * A twin must save at least this much: a compressed reply carries two more headers
 * (Content-Encoding, Vary: about 45 bytes). No floor on the file's size: index.html (under 1 kB,
 * and the answer to every deep link) and the small chunks and icons compress too.
 */
export const MIN_SAVING = 64;

export interface CompressionTotals {
  files: number; // files that got at least one twin, e.g. 12
  bytes: number; // their original size, summed
  brotliBytes: number; // what a brotli-accepting browser downloads for them instead
  gzipBytes: number;
}

/** Writes `.br` and `.gz` twins for the compressible files under `dir` (recursively). */
export async function compressDir(dir: string): Promise<CompressionTotals> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name));
  const totals: CompressionTotals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  // All at once: zlib's async calls run on libuv's thread pool, so every core works on the build.
  const results = await Promise.all(files.map(compressFile));
  for (const result of results) {
    if (!result) continue;
    totals.files += 1;
    totals.bytes += result.bytes;
    totals.brotliBytes += result.brotliBytes;
    totals.gzipBytes += result.gzipBytes;
  }
  return totals;
}

async function compressFile(file: string): Promise<{ bytes: number; brotliBytes: number; gzipBytes: number } | undefined> {
  const original = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: file.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A twin that saves too little would only cost bytes; an old one (outDir not emptied) must go
  // too, or the server would send it for a file it no longer matches.
  const keepBr = br.length + MIN_SAVING <= original.length;
  const keepGz = gz.length + MIN_SAVING <= original.length;
  await Promise.all([
    keepBr ? writeFile(`${file}.br`, br) : rm(`${file}.br`, { force: true }),
    keepGz ? writeFile(`${file}.gz`, gz) : rm(`${file}.gz`, { force: true }),
  ]);
  if (!keepBr && !keepGz) return undefined;
  return {
    bytes: original.length,
    brotliBytes: keepBr ? br.length : original.length,
    gzipBytes: keepGz ? gz.length : original.length,
  };
}

/** Vite plugin: runs compressDir over the resolved outDir (dist/, dist-locked/, …) after `vite build`. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'cell-connection:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      // Vite's logger, so `--logLevel warn` (scripts/test, Playwright) keeps the build quiet.
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      if (!(await stat(outDir).catch(() => undefined))?.isDirectory()) return;
      const totals = await compressDir(outDir);
      log(
        `precompressed ${totals.files} files: ${kib(totals.bytes)} → br ${kib(totals.brotliBytes)}, gz ${kib(totals.gzipBytes)}`,
      );
    },
  };
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
