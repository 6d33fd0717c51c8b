/**
 * Route preloads. index.html answers every deep link, and a lazy route's chunks are found only
 * once the entry script has downloaded and run: on a slow connection /game would fetch its chunks
 * (PixiJS, the board, the engine's .wasm) a whole round later than it could. For the routes given,
 * this plugin adds to index.html a small inline script that, when the page opens at one of them,
 * adds preload links for that route's files, so they download alongside the entry instead.
 * Files the entry loads anyway are left out; so is everything when the page opens elsewhere.
 */
import type { Plugin, Rolldown } from 'vite';

/** A route's path, e.g. '/game', and the modules whose chunks (with their imports) it needs first. */
export type RoutePreloads = Record<string, string[]>;

/** [href, rel, as]: what the inline script turns into a <link>. */
export type PreloadLink = [string, 'modulepreload' | 'preload', string?];

/** What the table needs of a bundle's chunk (Rolldown.OutputChunk). */
export interface Chunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } | undefined;
}

export function routePreloads(routes: RoutePreloads): Plugin {
  let base = '/';
  return {
    name: 'cell-connection:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const script = preloadScript(preloadTable(chunks, routes, base));
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

/** Each route's links: its modules' chunks with their imports, less what the entry loads. */
export function preloadTable(chunks: Chunk[], routes: RoutePreloads, base: string): Record<string, PreloadLink[]> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry, byName, loaded);

  const table: Record<string, PreloadLink[]> = {};
  for (const [path, modules] of Object.entries(routes)) {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
      if (!chunk) throw new Error(`route preloads: no chunk for ${module} (route ${path})`);
      closure(chunk, byName, files);
    }
    table[path] = [...files].filter((file) => !loaded.has(file)).map((file) => link(base + file));
  }
  return table;
}

/** The inline script: adds the links of the route the page opened at, if it has any. */
export function preloadScript(table: Record<string, PreloadLink[]>): string {
  return (
    `{const l=${JSON.stringify(table)}[location.pathname];` +
    `if(l)for(const[h,r,a]of l){const e=document.createElement('link');e.rel=r;e.href=h;if(a)e.as=a;e.crossOrigin='';document.head.append(e)}}`
  );
}

/**
 * The chunk, its static imports (recursively), and the styles and .wasm they import. (Other
 * assets are left out: images the page loads itself, the AI worker's script a worker fetches.)
 */
function closure(chunk: Chunk, byName: Map<string, Chunk>, into: Set<string>): void {
  if (into.has(chunk.fileName)) return;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const asset of chunk.viteMetadata?.importedAssets ?? []) if (asset.endsWith('.wasm')) into.add(asset);
  for (const name of chunk.imports) {
    const imported = byName.get(name);
    if (imported) closure(imported, byName, into);
  }
}

/** Scripts as module preloads; styles, and the .wasm the engine fetches, as preloads of their kind. */
function link(href: string): PreloadLink {
  if (href.endsWith('.css')) return [href, 'preload', 'style'];
  if (href.endsWith('.wasm')) return [href, 'preload', 'fetch'];
  return [href, 'modulepreload'];
}
