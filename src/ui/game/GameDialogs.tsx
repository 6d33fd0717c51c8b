/** The game page's panels and dialogs, one open at a time (plus the results). */
import { formatRecord } from '../../game/record';
import { recordOfGame } from '../../game/replay';
import type { GameState, Settings } from '../../game/types';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { InfoDialog } from '../info/InfoDialog';
import { GameOverModal } from '../results/GameOverModal';
import { GameStatsModal } from '../results/GameStatsModal';
import { SettingsPanel } from '../settings/SettingsPanel';
import { UnlockModal } from '../settings/UnlockModal';
import { usePurchases } from '../settings/purchases';
import type { AiDevState } from './AiDevBadge';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

export type OpenDialog = 'settings' | 'info' | 'stats' | 'reset' | 'leave' | null;

export interface GameDialogsProps {
  open: OpenDialog;
  setOpen(dialog: OpenDialog | ((open: OpenDialog) => OpenDialog)): void;
  game: GameState;
  settings: Settings;
  names: [string, string];
  resultsOpen: boolean;
  /** The settings the Reset confirmation starts the new game with (Settings' pending ones). */
  resetTo: Settings;
  devAi?: AiDevState | undefined;
  onCloseResults(): void;
  onStartNewGame(settings: Settings): void;
  /** Start New Game in Settings: asks first when a move was made. */
  onAskToStartNewGame(settings: Settings): void;
  onLeave(): void;
  /** Cancel in the Leave confirmation: the game goes on (and a held navigation is dropped). */
  onStay(): void;
  onNavigate(to: '/home' | '/multiplayer' | '/leaderboard', settings: Settings): void;
}

export function GameDialogs(props: GameDialogsProps) {
  const { open, setOpen, game, settings, names, resultsOpen, devAi } = props;
  const navigate = useNavigate();
  const purchases = usePurchases();
  const [unlockFor, setUnlockFor] = useState<Settings | null>(null);
  const close = () => setOpen(null);
  const histories: [bigint[], bigint[]] = [game.scoreHistory1, game.scoreHistory2];
  const occupiedCells = game.boardState.occupiedCells[0].size + game.boardState.occupiedCells[1].size;

  return (
    <>
      <SettingsPanel
        open={open === 'settings'}
        context="game"
        settings={settings}
        premiumUnlocked={purchases.state.hasUnlockedPremiumScoring}
        onApply={props.onAskToStartNewGame}
        onStartNewGame={props.onAskToStartNewGame}
        onNavigate={props.onNavigate}
        // Only if still open: Start New Game closes the panel right after opening the Reset confirmation.
        onClose={() => setOpen((current) => (current === 'settings' ? null : current))}
        onRequestUnlock={(pending) => setUnlockFor(pending)}
        {...(devAi?.checked ? { devAi: { connected: devAi.connected, models: devAi.models, model: devAi.model, onModel: devAi.onModel } } : {})}
      />
      <UnlockModal
        open={unlockFor !== null}
        onUnlock={() => {
          purchases.unlock();
          setUnlockFor(null);
        }}
        onLater={() => setUnlockFor(null)}
      />
      <InfoDialog open={open === 'info'} onClose={close} />
      <GameStatsModal open={open === 'stats'} onClose={close} histories={histories} names={names} occupiedCells={occupiedCells} />
      <ConfirmDialog
        open={open === 'reset'}
        title="Reset Game"
        message="Are you sure you want to reset the game? This will start a new game with the current settings."
        confirmText="Reset"
        cancelText="Cancel"
        variant="danger"
        onConfirm={() => props.onStartNewGame(props.resetTo)}
        onCancel={close}
      />
      <ConfirmDialog
        open={open === 'leave'}
        title="Leave Game"
        message="Are you sure you want to leave? Your current game progress will be lost."
        confirmText="Leave"
        cancelText="Cancel"
        variant="danger"
        onConfirm={props.onLeave}
        onCancel={props.onStay}
      />
      <GameOverModal
        open={resultsOpen}
        onClose={props.onCloseResults}
        playerMode={settings.playerMode}
        scores={game.scores}
        names={names}
        boardSize={settings.boardSize}
        aiDifficulty={settings.aiDifficulty}
        scoringMechanism={game.scoringMechanism}
        histories={histories}
        occupiedCells={occupiedCells}
        record={formatRecord(recordOfGame(game))}
        hintUsed={game.hintUsed}
        mirrorRule={game.mirrorRule}
        onPlayAgain={() => {
          props.onCloseResults();
          props.onStartNewGame(settings);
        }}
        onBackToHome={() => {
          props.onCloseResults();
          navigate('/home');
        }}
      />
    </>
  );
}
