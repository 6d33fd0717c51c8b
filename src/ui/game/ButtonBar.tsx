/** The game page's buttons (SPEC §2): Undo, Reset, Stats, Home, Settings; and Hint. */
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

/** Each label has a short form, shown in portrait layouts (aspect ratio at most 1:1). */
function Label({ full, short }: { full: string; short: string }) {
  return (
    <>
      <span className="label-full">{full}</span>
      <span className="label-short" aria-hidden="true">
        {short}
      </span>
    </>
  );
}

export function ButtonBar({ canUndo, hint, onUndo, onReset, onStats, onHome, onSettings }: ButtonBarProps) {
  return (
    <nav className="button-bar" aria-label="Game">
      <button type="button" onClick={onUndo} disabled={!canUndo} aria-label="Undo">
        <Label full="Undo Move" short="Undo" />
      </button>
      {hint && (
        <button type="button" onClick={hint.onHint} disabled={!hint.enabled} aria-label="Hint">
          <Label full="Hint" short="Hint" />
        </button>
      )}
      <button type="button" onClick={onReset} aria-label="Reset">
        <Label full="Reset Game" short="Reset" />
      </button>
      <button type="button" onClick={onStats} aria-label="Stats">
        <Label full="Game Stats" short="Stats" />
      </button>
      <button type="button" onClick={onHome} aria-label="Home">
        <Label full="Home" short="Home" />
      </button>
      <button type="button" onClick={onSettings} aria-label="Settings">
        <Label full="Settings" short="Settings" />
      </button>
    </nav>
  );
}
