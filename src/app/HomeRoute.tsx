/**
 * /home: the main menu, with the settings panel that starts a game (loaded apart: HomePlayPanels),
 * How to Play (the information dialog) and the lesson's offer to a new player, each loaded apart
 * too so the menu's first JavaScript stays small.
 */
import { Suspense, useState } from 'react';
import { HomePage } from '../ui/home/HomePage';
import { useAuth } from '../ui/auth/AuthProvider';
import { useMountWhenIdle } from '../ui/lazy/useMountWhenIdle';
import { displayName } from '../machines/auth.machine';
import { HomePlayPanels, InfoDialog, LessonOffer } from './lazyRoutes';

export function HomeRoute() {
  const [panelOpen, setPanelOpen] = useState(false);
  const panelsMounted = useMountWhenIdle(panelOpen);
  const [infoOpen, setInfoOpen] = useState(false);
  const infoMounted = useMountWhenIdle(infoOpen);
  const auth = useAuth();

  return (
    <>
      <HomePage
        onPlay={() => setPanelOpen(true)}
        onSignIn={auth.openPanel}
        signedInAs={auth.user ? displayName(auth.user) : undefined}
        onSignOut={auth.signOut}
        onHowToPlay={() => setInfoOpen(true)}
        offer={
          <Suspense fallback={null}>
            <LessonOffer />
          </Suspense>
        }
      />
      {panelsMounted && (
        <Suspense fallback={null}>
          <HomePlayPanels open={panelOpen} onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
      {infoMounted && (
        <Suspense fallback={null}>
          <InfoDialog open={infoOpen} onClose={() => setInfoOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
