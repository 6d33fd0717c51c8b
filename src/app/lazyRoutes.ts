/**
 * The parts of the client that load only when needed, each in a chunk of its own, so the first
 * screen (/, /home) does not wait for PixiJS, the engine, supabase-js, socket.io-client or
 * ECharts. The loaders are shared so a page can fetch a chunk ahead of time (the menu fetches the
 * game while the player chooses settings).
 */
import { lazy } from 'react';

/**
 * The game page brings PixiJS and the engine (and, once a game ends, ECharts). What the board
 * needs next is fetched beside its chunks instead of after them (the page's code runs only once
 * every chunk it imports has arrived): the engine's .wasm, and PixiJS's browser extensions, which
 * its renderer imports only once it starts. Both modules keep what they load, so the board finds
 * them ready.
 */
export function loadGamePage() {
  // A failure here is reported by the page, which awaits the same loadEngine() promise.
  void import('../engine/load').then(({ loadEngine }) => loadEngine()).catch(() => undefined);
  void import('pixi.js/browser');
  return import('../ui/game/GamePage');
}
export const GamePage = lazy(loadGamePage);

/** The engine's self-check, kept for developers at /engine. */
export const EngineCheckRoute = lazy(() => import('./EngineCheckRoute'));

/** These bring supabase-js. */
export const LeaderboardRoute = lazy(() => import('./LeaderboardRoute'));
export const ProfileRoute = lazy(() => import('./ProfileRoute'));

/** The online pages bring socket.io-client (and the game page PixiJS). */
export const LobbyPage = lazy(() => import('../ui/multiplayer/LobbyPage'));
export const MultiplayerGamePage = lazy(() => import('../ui/multiplayer/MultiplayerGamePage'));
/** A room's game for spectators (/multiplayer/watch/CODE). */
export const SpectatorPage = lazy(() => import('../ui/multiplayer/SpectatorPage'));

/** A game's record replayed step by step (/replay#CC1_…), with the board and the engine. */
export const ReplayPage = lazy(() => import('../ui/replay/ReplayPage'));
/** The analysis board (/analysis?ply=N&game=CC1_…): a position to explore, with the engine in a worker. */
export const AnalysisPage = lazy(() => import('../ui/analysis/AnalysisPage'));

/** The menu's Game Settings panel and Unlock modal, with the settings kept on the device. */
export const HomePlayPanels = lazy(() => import('./HomePlayPanels'));

/** The authentication panel, mounted app-wide once the browser is idle or the panel opens. */
export const AuthPanel = lazy(() => import('../ui/auth/AuthPanel').then(({ AuthPanel }) => ({ default: AuthPanel })));

/**
 * The lesson (/learn) brings PixiJS and the engine, as the game page does: they are fetched beside
 * its chunk (see loadGamePage).
 */
export function loadLessonPage() {
  void import('../engine/load').then(({ loadEngine }) => loadEngine()).catch(() => undefined);
  void import('pixi.js/browser');
  return import('../ui/lesson/LessonPage');
}
export const LessonPage = lazy(loadLessonPage);
/** Home's offer of the lesson to a new player. */
export const LessonOffer = lazy(() => import('../ui/lesson/LessonOffer'));
/** The information dialog, opened from Home's How to Play. */
export const InfoDialog = lazy(() => import('../ui/info/InfoDialog').then(({ InfoDialog }) => ({ default: InfoDialog })));
