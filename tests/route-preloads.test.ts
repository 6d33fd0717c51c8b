/**
 * Route preloads (scripts/route-preload-plugin.ts): which files a deep link to a route fetches
 * alongside the entry, and the inline script that adds their links only at that route.
 */
import { describe, expect, it } from 'vitest';
import { preloadScript, preloadTable, type PreloadLink } from '../scripts/route-preload-plugin';

/** A chunk as the bundle gives it: its file, facade module, static imports, styles and assets. */
function chunk(fileName: string, facade: string | null, imports: string[] = [], css: string[] = [], assets: string[] = [], isEntry = false) {
  return { fileName, isEntry, facadeModuleId: facade, imports, viteMetadata: { importedCss: new Set(css), importedAssets: new Set(assets) } };
}

const bundle = [
  chunk('assets/index-a.js', '/repo/index.html', ['assets/react-b.js'], ['assets/index-a.css'], [], true),
  chunk('assets/react-b.js', null),
  // The game page imports the entry's shared chunk too, and a chunk of its own with the board.
  chunk('assets/GamePage-c.js', '/repo/src/ui/game/GamePage.tsx', ['assets/index-a.js', 'assets/board-d.js'], ['assets/GamePage-c.css']),
  chunk('assets/board-d.js', null, ['assets/react-b.js'], [], ['assets/worker-e.js']),
  chunk('assets/load-f.js', '/repo/src/engine/load.ts', [], [], ['assets/engine-g.wasm']),
  chunk('assets/Leaderboard-h.js', '/repo/src/app/LeaderboardRoute.tsx'),
];

describe('route preloads', () => {
  const table = preloadTable(bundle, { '/game': ['src/ui/game/GamePage.tsx', 'src/engine/load.ts'] }, '/');

  it("lists a route's chunks, styles and .wasm, but not what the entry loads nor the worker's script", () => {
    expect(table).toEqual({
      '/game': [
        ['/assets/GamePage-c.js', 'modulepreload'],
        ['/assets/GamePage-c.css', 'preload', 'style'],
        ['/assets/board-d.js', 'modulepreload'],
        ['/assets/load-f.js', 'modulepreload'],
        ['/assets/engine-g.wasm', 'preload', 'fetch'],
      ],
    });
  });

  it('refuses a route module that is not in the bundle (a renamed file would silently preload nothing)', () => {
    expect(() => preloadTable(bundle, { '/game': ['src/ui/game/Gone.tsx'] }, '/')).toThrow(/no chunk for src\/ui\/game\/Gone\.tsx/);
  });

  /** Runs the inline script at `pathname`; returns the links it added to the head. */
  function linksAddedAt(pathname: string) {
    const added: { rel?: string; href?: string; as?: string; crossOrigin?: string }[] = [];
    const document = { createElement: () => ({}), head: { append: (link: object) => added.push(link) } };
    new Function('location', 'document', preloadScript(table))({ pathname }, document);
    return added;
  }

  it("adds the links, crossorigin like Vite's own, only when the page opens at the route", () => {
    const links = linksAddedAt('/game');
    expect(links.map((l) => [l.href, l.rel, l.as] as PreloadLink)).toEqual(
      table['/game']!.map(([href, rel, as]) => [href, rel, as]),
    );
    expect(links.every((l) => l.crossOrigin === '')).toBe(true);
    expect(linksAddedAt('/')).toEqual([]);
    expect(linksAddedAt('/home')).toEqual([]);
    expect(linksAddedAt('/game/extra')).toEqual([]);
  });
});
