import { useState } from 'react';
import { AI_LEVELS, SCORING_MECHANISMS, type ScoringMechanism } from '../../engine';
import { BOARD_SIZES, type Settings } from '../../game/types';
import { SlidePanel } from '../dialogs/SlidePanel';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { CoordinatesField } from './CoordinatesField';
import { DevAiSection, type DevAi } from './DevAiSection';
import { boardSizeLabel } from '../leaderboard/format';
import { isLargeBoard, LARGE_BOARDS_LABEL } from './BoardSizeOptions';
import { AI_LEVEL_LABELS, GAME_MODES, gameModeOf, isPremiumScoring, SCORING_LABELS, withGameMode } from './gameMode';
import { MirrorRuleField } from './MirrorRuleField';
import { SelectField } from './SelectField';

export type SettingsDestination = '/home' | '/multiplayer' | '/leaderboard';

export interface SettingsPanelProps {
  open: boolean;
  context: 'home' | 'game'; // home: Start Game; game: Start New Game
  settings: Settings; // the applied settings; edits start from them each time the panel opens
  premiumUnlocked: boolean;
  onApply(settings: Settings): void; // Start Game (and Start New Game when onStartNewGame is absent)
  onStartNewGame?(settings: Settings): void; // game context: reset with the pending settings
  /** Shows the navigation buttons; gets the pending settings to apply before it navigates. */
  onNavigate?(to: SettingsDestination, settings: Settings): void;
  onClose(): void;
  onRequestUnlock(pending: Settings, mode: ScoringMechanism): void; // a locked mode was picked
  devAi?: DevAi | undefined; // the developer AI section (with ?aiDev=true)
}

const levelOptions = AI_LEVELS.map((level) => ({ value: level, label: AI_LEVEL_LABELS[level] }));
// Every mode and level offers every size: the spec's three, then the large boards under their heading.
const sizeOptions = BOARD_SIZES.map((size) => ({
  value: size,
  label: boardSizeLabel(size),
  ...(isLargeBoard(size) ? { group: LARGE_BOARDS_LABEL } : {}),
}));
const scoringOptions = SCORING_MECHANISMS.map((mode) => ({ value: mode, label: SCORING_LABELS[mode] }));

/**
 * The 'Game Settings' panel (SPEC §2): slides in from the right over a dimmed overlay. Edits are
 * held here and reach the game only through Start Game, Start New Game or a navigation button.
 */
export function SettingsPanel(props: SettingsPanelProps) {
  const { open, context, settings, premiumUnlocked, onApply, onStartNewGame, onNavigate, onClose, devAi } = props;
  const [pending, setPending] = useState(settings);
  const [requested, setRequested] = useState<ScoringMechanism | null>(null); // waits for the unlock
  const [wasOpen, setWasOpen] = useState(open);

  // Each opening starts from the applied settings (adjusting state during render, not in an effect).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPending(settings);
      setRequested(null);
    }
  }
  // Unlocked while the unlock modal sat on top: the mode the player asked for is now theirs.
  if (requested !== null && premiumUnlocked) {
    setPending({ ...pending, scoringMechanism: requested });
    setRequested(null);
  }

  const pickScoring = (mode: ScoringMechanism) => {
    if (isPremiumScoring(mode) && !premiumUnlocked) {
      setRequested(mode); // the select keeps showing the previous mode
      props.onRequestUnlock(pending, mode);
    } else {
      setPending({ ...pending, scoringMechanism: mode });
    }
  };

  const start = () => {
    if (context === 'game' && onStartNewGame) onStartNewGame(pending);
    else onApply(pending);
    onClose();
  };

  // The page applies the settings on the way out: on the game page onApply would start a new game.
  const navigate = (to: SettingsDestination) => {
    onClose();
    onNavigate?.(to, pending);
  };

  const aiMode = pending.playerMode === 'ai';

  const footer = (
    // A div, not <footer>: outside the page's landmarks a footer would be a contentinfo landmark.
    <div className="settings-footer">
      <button type="button" className="button button-primary settings-start" onClick={start}>
        {context === 'game' ? 'Start New Game' : 'Start Game'}
      </button>
      {onNavigate && (
        <nav className="settings-nav" aria-label="Other screens">
          {context === 'game' && (
            <button type="button" className="button" onClick={() => navigate('/home')}>
              Change Game Mode
            </button>
          )}
          <button type="button" className="button" onClick={() => navigate('/multiplayer')}>
            Multiplayer
          </button>
          <button type="button" className="button" onClick={() => navigate('/leaderboard')}>
            Leaderboard
          </button>
        </nav>
      )}
    </div>
  );

  return (
    <SlidePanel open={open} title="Game Settings" onClose={onClose} footer={footer}>
      <SelectField
        label="Game Mode"
        value={gameModeOf(pending)}
        options={GAME_MODES}
        onChange={(mode) => setPending(withGameMode(pending, mode))}
      />
      {aiMode && (
        <SelectField
          label="AI Difficulty"
          className={`ai-level ai-level-${pending.aiDifficulty}`}
          value={pending.aiDifficulty}
          options={levelOptions}
          onChange={(level) => setPending({ ...pending, aiDifficulty: level })}
        />
      )}
      <SelectField
        label="Board Size"
        value={pending.boardSize}
        options={sizeOptions}
        onChange={(size) => setPending({ ...pending, boardSize: size })}
      />
      <SelectField label="Scoring Mode" value={pending.scoringMechanism} options={scoringOptions} onChange={pickScoring} />
      <MirrorRuleField checked={pending.mirrorRule} onChange={(mirrorRule) => setPending({ ...pending, mirrorRule })} />
      {devAi && aiMode && <DevAiSection devAi={devAi} />}
      <CoordinatesField />
      <ThemeSwitch className="settings-theme" />
    </SlidePanel>
  );
}
