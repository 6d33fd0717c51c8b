/**
 * The game page's buttons (SPEC §2): Undo, Reset, Stats, Home, Settings; and Hint. In the action
 * bar: at a phone's bottom edge, each an icon over its short name; in the side column on a desktop.
 */
import { ActionBar, ActionButton } from '../layout/ActionBar';

export interface ButtonBarProps {
  canUndo: boolean;
  /** Hint: shown when given; disabled while the computer thinks, a hint is searched, or the game is over. */
  hint?: { enabled: boolean; onHint(): void } | undefined;
  onUndo(): void;
  onReset(): void;
  onStats(): void;
  onHome(): void;
  onSettings(): void;
}

export function ButtonBar({ canUndo, hint, onUndo, onReset, onStats, onHome, onSettings }: ButtonBarProps) {
  return (
    <ActionBar label="Game">
      <ActionButton icon="undo" label="Undo Move" short="Undo" aria-label="Undo" onClick={onUndo} disabled={!canUndo} />
      {hint && <ActionButton icon="hint" label="Hint" aria-label="Hint" onClick={hint.onHint} disabled={!hint.enabled} />}
      <ActionButton icon="reset" label="Reset Game" short="Reset" aria-label="Reset" onClick={onReset} />
      <ActionButton icon="stats" label="Game Stats" short="Stats" aria-label="Stats" onClick={onStats} />
      <ActionButton icon="home" label="Home" aria-label="Home" onClick={onHome} />
      <ActionButton icon="settings" label="Settings" aria-label="Settings" onClick={onSettings} />
    </ActionBar>
  );
}
