import type { ScoringMechanism } from '../../engine';
import type { Settings } from '../../game/types';

/** The game's title by scoring mode (SPEC §1). */
export const GAME_TITLES: Record<ScoringMechanism, string> = {
  connection: 'Cell Connection',
  expansion: 'Cell Expansion',
  extension: 'Cell Extension',
};

const LEVEL_NAMES = { easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert' } as const;

/** The names over the two scores: Player 1 / Player 2, or the player and the AI. */
export function playerNames(settings: Settings, humanName: string): [string, string] {
  if (settings.playerMode === 'user') return ['Player 1', 'Player 2'];
  return [humanName, `AI (${LEVEL_NAMES[settings.aiDifficulty]})`];
}
