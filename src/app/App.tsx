import { lazy, Suspense } from 'react';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { HomeRoute } from './HomeRoute';
import { AuthPanel } from '../ui/auth/AuthPanel';
import { AuthProvider } from '../ui/auth/AuthProvider';
import { SplashPage } from '../ui/home/SplashPage';
import { NotFoundPage } from '../ui/placeholder/NotFoundPage';

/** The engine's self-check, kept for developers at /engine. */
const EngineCheckRoute = lazy(() => import('./EngineCheckRoute'));

/** The game page brings PixiJS and ECharts: it loads only when visited. */
const GamePage = lazy(() => import('../ui/game/GamePage'));

/** These bring supabase-js: they load only when visited. */
const LeaderboardRoute = lazy(() => import('./LeaderboardRoute'));
const ProfileRoute = lazy(() => import('./ProfileRoute'));

/** The online pages bring socket.io-client (and the game page PixiJS): loaded only when visited. */
const LobbyPage = lazy(() => import('../ui/multiplayer/LobbyPage'));
const MultiplayerGamePage = lazy(() => import('../ui/multiplayer/MultiplayerGamePage'));

const loading = <p className="page-loading">Loading…</p>;

/**
 * The client's routes (SPEC §2), under the app-wide auth actor and its panel. A data router, so
 * that the game page can hold a navigation (the browser's Back included) until the player
 * confirms leaving a game in progress (useBlocker).
 */
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <AuthProvider>
        <AppRoutes />
        <AuthPanel />
      </AuthProvider>
    ),
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}

function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SplashPage />} />
      <Route path="/home" element={<HomeRoute />} />
      <Route
        path="/game"
        element={
          <Suspense fallback={<p className="page-loading">Loading the game…</p>}>
            <GamePage />
          </Suspense>
        }
      />
      <Route
        path="/leaderboard"
        element={
          <Suspense fallback={loading}>
            <LeaderboardRoute />
          </Suspense>
        }
      />
      <Route
        path="/profile"
        element={
          <Suspense fallback={loading}>
            <ProfileRoute />
          </Suspense>
        }
      />
      <Route
        path="/multiplayer"
        element={
          <Suspense fallback={loading}>
            <LobbyPage />
          </Suspense>
        }
      />
      <Route
        path="/multiplayer/game"
        element={
          <Suspense fallback={<p className="page-loading">Loading the game…</p>}>
            <MultiplayerGamePage />
          </Suspense>
        }
      />
      <Route
        path="/engine"
        element={
          <Suspense fallback={<p className="page-loading">Loading the engine…</p>}>
            <EngineCheckRoute />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
