/**
 * Builds the service worker (src/serviceWorker/sw.ts) into /sw.js at the site root, with the
 * precache list of the finished bundle written into it where the source says `self.__WB_MANIFEST`
 * (workbox's placeholder). Our own small plugin, since vite-plugin-pwa's build chain cannot be
 * installed here. The worker is emitted into the bundle, so precompress() gives it its twins too.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { precacheEntries, SERVICE_WORKER_FILE, type BuiltFile } from './precache-manifest.ts';

const PLACEHOLDER = '__WB_MANIFEST';

/** Vite plugin: `entry` is the worker's source, relative to the project root. */
export function serviceWorker(entry = 'src/serviceWorker/sw.ts'): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'cell-connection:service-worker',
    apply: 'build',
    // After Vite's own plugins, so index.html is in the bundle with its final script tags.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const built: BuiltFile[] = Object.values(bundle).map((file) => ({
        fileName: file.fileName,
        source: file.type === 'chunk' ? file.code : file.source,
      }));
      if (!built.some((file) => file.fileName === 'index.html')) {
        this.error('no index.html in the bundle: the service worker would have no page to serve offline');
      }
      const files = [...built, ...(await publicFiles(config))];
      const entries = precacheEntries(files, config.build.assetsDir);
      const code = await buildWorker(config, resolve(config.root, entry), JSON.stringify(entries));
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: code });
    },
  };
}

/** public/ is copied into outDir as it is, next to the bundle; its files belong to the app shell too. */
async function publicFiles(config: ResolvedConfig): Promise<BuiltFile[]> {
  if (!config.publicDir || !config.build.copyPublicDir) return [];
  const dir = config.publicDir;
  const found = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(
    found
      .filter((item) => item.isFile())
      .map(async (item) => {
        const path = join(item.parentPath, item.name);
        return { fileName: relative(dir, path).split(sep).join('/'), source: await readFile(path) };
      }),
  );
}

/**
 * One classic script (iife: every browser with service workers runs it, module workers are newer),
 * minified, with the list in place of the placeholder.
 */
async function buildWorker(config: ResolvedConfig, input: string, manifest: string): Promise<string> {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    publicDir: false,
    define: {
      [`self.${PLACEHOLDER}`]: manifest,
      // Workbox logs at length unless it is told this is production.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      write: false,
      target: config.build.target,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: { input, output: { format: 'iife', entryFileNames: SERVICE_WORKER_FILE } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output as Rolldown.RolldownOutput]).flatMap((result) => result.output);
  const worker = chunks.find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
  if (!worker) throw new Error(`building ${input} gave no script`);
  // Left unreplaced, the worker would precache nothing and nobody would notice until offline.
  if (worker.code.includes(PLACEHOLDER)) throw new Error(`${input}: self.${PLACEHOLDER} was not replaced`);
  return worker.code;
}
