/**
 * The service worker (/sw.js, built by scripts/service-worker-plugin.ts): it precaches the app
 * shell, every chunk and the engine's .wasm, so the game against the AI and the two-player game
 * open and play with the network off. Everything else (the APIs, socket.io) goes to the network as
 * if there were no worker.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The bits of the worker's global scope used here. The project's single type check uses the DOM
 * library, which cannot be combined with the WebWorker one, so they are declared by hand.
 */
interface ActivateEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  /** Replaced at build time by the list of the build's files (scripts/precache-manifest.ts). */
  __WB_MANIFEST: PrecacheEntry[];
  clients: { claim(): Promise<void> };
  addEventListener(type: 'activate', listener: (event: ActivateEvent) => void): void;
}
declare const self: WorkerScope;

/** Paths the node server answers itself (server/src/http/app.ts, the PostgREST proxy, socket.io). */
const SERVER_PATHS = [/^\/auth\//, /^\/rest\//, /^\/socket\.io\//];

precacheAndRoute(self.__WB_MANIFEST);
// Removes what an older workbox version precached under other cache names.
cleanupOutdatedCaches();

// Every page of the app is index.html (react-router draws the route), as the server does it for
// deep links: /game, /multiplayer?room=CODE and the rest open offline too.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

// The first visit's page is taken over at once, so it works offline without a reload. A new
// version, though, waits (no skipWaiting) until every tab of the game is closed: taking over a
// page that runs the old build would drop the old chunks it may still load lazily (the results
// chart, the lobby), mid-game. The next launch runs the new version.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
