import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { HomeRoute } from './HomeRoute';
import { AnalysisPage, AuthPanel, EngineCheckRoute, GamePage, LeaderboardRoute, LessonPage, LobbyPage, MultiplayerGamePage, ProfileRoute, ReplayPage, SpectatorPage } from './lazyRoutes';
import { Analytics } from '../ui/analytics/Analytics';
import { AuthProvider, useAuth } from '../ui/auth/AuthProvider';
import { SplashPage } from '../ui/home/SplashPage';
import { FirstContentShown } from '../ui/lazy/firstContent';
import { useMountWhenIdle } from '../ui/lazy/useMountWhenIdle';
import { NotFoundPage } from '../ui/placeholder/NotFoundPage';

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
        <LazyAuthPanel />
      </AuthProvider>
    ),
  },
]);

export function App() {
  return (
    <>
      <Analytics />
      <RouterProvider router={router} />
    </>
  );
}

/** The authentication panel loads apart from the first screen: when the browser is idle, or when opened. */
function LazyAuthPanel() {
  const mounted = useMountWhenIdle(useAuth().panelOpen);
  return mounted ? (
    <Suspense fallback={null}>
      <AuthPanel />
    </Suspense>
  ) : null;
}

/**
 * A route's element: its chunk loads behind `fallback`; once it has rendered, the first content
 * is marked shown and the work that waits for it (the auth service, idle panels) may start.
 */
function Page({ children, fallback = loading }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      {children}
      <FirstContentShown />
    </Suspense>
  );
}

const loadingGame = <p className="page-loading">Loading the game…</p>;

function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Page><SplashPage /></Page>} />
      <Route path="/home" element={<Page><HomeRoute /></Page>} />
      <Route path="/game" element={<Page fallback={loadingGame}><GamePage /></Page>} />
      <Route path="/learn" element={<Page fallback={<p className="page-loading">Loading the lesson…</p>}><LessonPage /></Page>} />
      <Route path="/leaderboard" element={<Page><LeaderboardRoute /></Page>} />
      <Route path="/profile" element={<Page><ProfileRoute /></Page>} />
      <Route path="/multiplayer" element={<Page><LobbyPage /></Page>} />
      <Route path="/multiplayer/game" element={<Page fallback={loadingGame}><MultiplayerGamePage /></Page>} />
      <Route path="/multiplayer/watch/:code" element={<Page fallback={loadingGame}><SpectatorPage /></Page>} />
      <Route path="/replay" element={<Page fallback={loadingGame}><ReplayPage /></Page>} />
      <Route path="/analysis" element={<Page fallback={loadingGame}><AnalysisPage /></Page>} />
      <Route path="/engine" element={<Page fallback={<p className="page-loading">Loading the engine…</p>}><EngineCheckRoute /></Page>} />
      <Route path="*" element={<Page><NotFoundPage /></Page>} />
    </Routes>
  );
}
