/**
 * The menu's Game Settings panel (Start Game goes to /game) and the Unlock modal it may open,
 * with the settings kept on the device. A chunk of its own (lazyRoutes.ts): the menu shows
 * without it, and it loads once the browser is idle or Play is pressed.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Settings } from '../game/types';
import { forgetGame, loadSettings, saveSettings } from '../services/storage';
import { SettingsPanel } from '../ui/settings/SettingsPanel';
import { UnlockModal } from '../ui/settings/UnlockModal';
import { usePurchases } from '../ui/settings/purchases';
import { loadGamePage } from './lazyRoutes';

export default function HomePlayPanels({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const purchases = usePurchases();
  // A locked build shows the free default where the saved settings ask for a premium mode.
  const [settings] = useState(() => loadSettings(purchases.state.hasUnlockedPremiumScoring));
  const [unlocking, setUnlocking] = useState(false);

  // A player who pressed Play is about to start: the game page loads while they choose.
  useEffect(() => {
    if (open) void loadGamePage();
  }, [open]);

  const start = (next: Settings) => {
    // A new game: the saved one goes, and /game starts from these settings. (Not a
    // navigation flag: the browser would keep it through a reload of /game.)
    forgetGame();
    saveSettings(next);
    onClose();
    navigate('/game');
  };

  return (
    <>
      <SettingsPanel
        open={open}
        context="home"
        settings={settings}
        premiumUnlocked={purchases.state.hasUnlockedPremiumScoring}
        onApply={start}
        onNavigate={(to, next) => {
          saveSettings(next);
          onClose();
          navigate(to);
        }}
        onClose={onClose}
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
