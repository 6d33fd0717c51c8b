/**
 * The service worker's precache list (what workbox-precaching downloads at install and then serves
 * with the network off), built from the files a `vite build` writes. Pure: the Vite plugin
 * (service-worker-plugin.ts) hands it the finished bundle and public/.
 */
import { createHash } from 'node:crypto';

/** Workbox's PrecacheEntry: `revision: null` says the URL itself changes whenever the file does. */
export interface PrecacheEntry {
  url: string; // e.g. '/assets/engine-BiLmnmws.wasm', '/index.html'
  revision: string | null; // e.g. '3f2a9c01d4e5b6a7' for a file whose name stays the same
}

export interface BuiltFile {
  fileName: string; // relative to outDir, with forward slashes: 'assets/index-Da_X2iZO.js', 'logo.svg'
  source: string | Uint8Array;
}

/** The worker itself: a browser fetches it outside every cache, and it must not cache itself. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Left out: the compress plugin's twins (the browser asks for the plain URL and the server picks
 * the encoding), source maps (devtools only), Vite's own manifests, and the worker.
 */
function isPrecached(fileName: string): boolean {
  if (fileName === SERVICE_WORKER_FILE) return false;
  if (fileName.startsWith('.vite/')) return false;
  return !/\.(br|gz|map)$/.test(fileName);
}

/**
 * One entry per file the game may need offline, sorted by URL so the same build always writes the
 * same worker (a browser installs a new worker only when its bytes change). Files under
 * `hashedDir` carry their content hash in their name (Vite's assets/); the rest get a revision
 * from their content, so a changed index.html or icon is fetched again.
 */
export function precacheEntries(files: readonly BuiltFile[], hashedDir = 'assets'): PrecacheEntry[] {
  const seen = new Set<string>();
  const entries: PrecacheEntry[] = [];
  for (const { fileName, source } of files) {
    if (!isPrecached(fileName) || seen.has(fileName)) continue;
    seen.add(fileName);
    const hashed = fileName.startsWith(`${hashedDir}/`);
    entries.push({ url: `/${fileName}`, revision: hashed ? null : revisionOf(source) });
  }
  return entries.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

function revisionOf(source: string | Uint8Array): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}
