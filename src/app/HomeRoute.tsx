/**
 * /home: the main menu, with the settings panel that starts a game (loaded apart: HomePlayPanels).
 */
import { Suspense, useState } from 'react';
import { HomePage } from '../ui/home/HomePage';
import { useAuth } from '../ui/auth/AuthProvider';
import { useMountWhenIdle } from '../ui/lazy/useMountWhenIdle';
import { displayName } from '../machines/auth.machine';
import { HomePlayPanels } from './lazyRoutes';

export function HomeRoute() {
  const [panelOpen, setPanelOpen] = useState(false);
  const panelsMounted = useMountWhenIdle(panelOpen);
  const auth = useAuth();

  return (
    <>
      <HomePage
        onPlay={() => setPanelOpen(true)}
        onSignIn={auth.openPanel}
        signedInAs={auth.user ? displayName(auth.user) : undefined}
        onSignOut={auth.signOut}
      />
      {panelsMounted && (
        <Suspense fallback={null}>
          <HomePlayPanels open={panelOpen} onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
