/**
 * /home: the main menu, with the settings panel that starts a game.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Settings } from '../game/types';
import { forgetGame, loadSettings, saveSettings } from '../services/storage';
import { HomePage } from '../ui/home/HomePage';
import { SettingsPanel } from '../ui/settings/SettingsPanel';
import { UnlockModal } from '../ui/settings/UnlockModal';
import { usePurchases } from '../ui/settings/purchases';
import { useAuth } from '../ui/auth/AuthProvider';
import { displayName } from '../machines/auth.machine';

export function HomeRoute() {
  const navigate = useNavigate();
  const purchases = usePurchases();
  const [settings] = useState(loadSettings);
  const [panelOpen, setPanelOpen] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const auth = useAuth();

  const start = (next: Settings) => {
    // A new game: the saved one goes, and /game starts from these settings. (Not a
    // navigation flag: the browser would keep it through a reload of /game.)
    forgetGame();
    saveSettings(next);
    setPanelOpen(false);
    navigate('/game');
  };

  return (
    <>
      <HomePage
        onPlay={() => setPanelOpen(true)}
        onSignIn={auth.openPanel}
        signedInAs={auth.user ? displayName(auth.user) : undefined}
        onSignOut={auth.signOut}
      />
      <SettingsPanel
        open={panelOpen}
        context="home"
        settings={settings}
        premiumUnlocked={purchases.state.hasUnlockedPremiumScoring}
        onApply={start}
        onNavigate={(to, next) => {
          saveSettings(next);
          setPanelOpen(false);
          navigate(to);
        }}
        onClose={() => setPanelOpen(false)}
        onRequestUnlock={() => setUnlocking(true)}
      />
      <UnlockModal
        open={unlocking}
        onUnlock={() => {
          purchases.unlock();
          setUnlocking(false);
        }}
        onLater={() => setUnlocking(false)}
      />
    </>
  );
}
