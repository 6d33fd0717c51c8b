/**
 * Game settings (SPEC §3, §5, §9): defaults, the rules that derive from them,
 * and defensive parsing of stored values.
 */
import { AI_LEVELS, SCORING_MECHANISMS, type AiLevel, type PlayerIndex, type ScoringMechanism } from '../engine';
import { BOARD_SIZES, type BoardSize, type Settings } from './types';

export const DEFAULT_SETTINGS: Settings = {
  playerMode: 'ai',
  firstPlayer: 'human',
  scoringMechanism: 'connection',
  aiDifficulty: 'medium',
  boardSize: '6',
  aiDepths: { easy: 1, medium: 2, hard: 4 },
  mirrorRule: false,
};

/** The human is player 0 and the computer player 1 (SPEC §4 "AI move"). */
export const HUMAN: PlayerIndex = 0;
export const COMPUTER: PlayerIndex = 1;

/** A board size from a stored or linked value ('12' or 12): an even side 6 to 16; anything else becomes 6 (SPEC §5). */
export function parseBoardSize(size: unknown): BoardSize {
  const text = typeof size === 'number' ? String(size) : size;
  return BOARD_SIZES.find((option) => option === text) ?? DEFAULT_SETTINGS.boardSize;
}

/** The board's side in cells: an even 6 to 16; anything else becomes 6 (SPEC §5). */
export function boardSide(size: unknown): number {
  return Number(parseBoardSize(size));
}

/** Who moves first: player 0 when the human starts (or two humans play), else the computer. */
export function startingPlayer(settings: Settings): PlayerIndex {
  return settings.playerMode === 'ai' && settings.firstPlayer === 'ai' ? COMPUTER : HUMAN;
}

/** Whether the computer plays `player` in these settings. */
export function isComputer(settings: Settings, player: PlayerIndex): boolean {
  return settings.playerMode === 'ai' && player === COMPUTER;
}

/** Expansion and extension need the premium flag (SPEC §5). */
export function modeAllowed(mode: ScoringMechanism, premiumUnlocked: boolean): boolean {
  return mode === 'connection' || premiumUnlocked;
}

/**
 * Saved settings as this build may play them: a premium scoring mode asked for while the premium
 * modes are locked (SPEC §5) falls back to the free default, so the game starts in Connection and
 * the settings show Connection.
 */
export function allowedSettings(settings: Settings, premiumUnlocked: boolean): Settings {
  if (modeAllowed(settings.scoringMechanism, premiumUnlocked)) return settings;
  return { ...settings, scoringMechanism: DEFAULT_SETTINGS.scoringMechanism };
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.find((option) => option === value) ?? fallback;

/** Settings from an untrusted value (local storage): each bad field falls back to its default. */
export function parseSettings(input: unknown): Settings {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const d = DEFAULT_SETTINGS;
  return {
    playerMode: pick(raw.playerMode, ['ai', 'user'] as const, d.playerMode),
    firstPlayer: pick(raw.firstPlayer, ['human', 'ai'] as const, d.firstPlayer),
    scoringMechanism: pick(raw.scoringMechanism, SCORING_MECHANISMS, d.scoringMechanism),
    aiDifficulty: pick<AiLevel>(raw.aiDifficulty, AI_LEVELS, d.aiDifficulty),
    boardSize: parseBoardSize(raw.boardSize),
    aiDepths: { ...d.aiDepths },
    // Settings stored before the rule existed have none: the game on one device is then as it was.
    mirrorRule: raw.mirrorRule === true,
  };
}

/**
 * "Show coordinates": the letters and numbers on the board's edges. A display choice kept on this
 * device apart from the game's settings, since it changes no rule and applies at once to every board.
 */
export const COORDINATES_STORAGE_KEY = 'cellconnection.coordinates';
export const COORDINATES_SHOWN = 'shown';
export const COORDINATES_HIDDEN = 'hidden';

/** Whether the stored choice shows the coordinates: on unless the player turned them off. */
export function parseShowCoordinates(raw: unknown): boolean {
  return raw !== COORDINATES_HIDDEN;
}
