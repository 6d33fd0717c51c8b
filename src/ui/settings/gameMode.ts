import type { AiLevel, ScoringMechanism } from '../../engine';
import type { Settings } from '../../game/types';

/** The game mode selector's three choices, folded from playerMode and firstPlayer. */
export type GameMode = 'two-player' | 'human-first' | 'ai-first';

export const GAME_MODES: readonly { value: GameMode; label: string }[] = [
  { value: 'two-player', label: 'Two Player' },
  { value: 'human-first', label: 'Human (first) vs AI' },
  { value: 'ai-first', label: 'AI (first) vs Human' },
];

export const AI_LEVEL_LABELS: Record<AiLevel, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
  expert: 'Expert',
};

export const SCORING_LABELS: Record<ScoringMechanism, string> = {
  connection: 'Connection',
  expansion: 'Expansion',
  extension: 'Extension',
};

/** Expansion and extension are premium (SPEC §1, §5); connection is always playable. */
export function isPremiumScoring(mode: ScoringMechanism): boolean {
  return mode !== 'connection';
}

/** The selector's value for these settings. */
export function gameModeOf(settings: Pick<Settings, 'playerMode' | 'firstPlayer'>): GameMode {
  if (settings.playerMode === 'user') return 'two-player';
  return settings.firstPlayer === 'ai' ? 'ai-first' : 'human-first';
}

/**
 * The settings with the chosen game mode. Two Player keeps firstPlayer as it was, so switching
 * back to the AI restores who moved first.
 */
export function withGameMode(settings: Settings, mode: GameMode): Settings {
  switch (mode) {
    case 'two-player':
      return { ...settings, playerMode: 'user' };
    case 'human-first':
      return { ...settings, playerMode: 'ai', firstPlayer: 'human' };
    case 'ai-first':
      return { ...settings, playerMode: 'ai', firstPlayer: 'ai' };
  }
}

/** Narrows a <select>'s string back to a game mode (null for anything unknown). */
export function parseGameMode(value: string): GameMode | null {
  return GAME_MODES.find((mode) => mode.value === value)?.value ?? null;
}
