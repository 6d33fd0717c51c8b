import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS as defaults } from '../../game/settings';
import { GAME_MODES, gameModeOf, isPremiumScoring, parseGameMode, withGameMode } from './gameMode';

describe('game mode selector', () => {
  it('offers the three modes with the spec’s labels', () => {
    expect(GAME_MODES.map((mode) => mode.label)).toEqual(['Two Player', 'Human (first) vs AI', 'AI (first) vs Human']);
  });

  it('Two Player is playerMode user', () => {
    expect(withGameMode(defaults, 'two-player')).toMatchObject({ playerMode: 'user' });
    expect(gameModeOf({ playerMode: 'user', firstPlayer: 'ai' })).toBe('two-player');
  });

  it('Human (first) vs AI is playerMode ai with firstPlayer human', () => {
    expect(withGameMode({ ...defaults, playerMode: 'user', firstPlayer: 'ai' }, 'human-first')).toMatchObject({
      playerMode: 'ai',
      firstPlayer: 'human',
    });
    expect(gameModeOf(defaults)).toBe('human-first');
  });

  it('AI (first) vs Human is playerMode ai with firstPlayer ai', () => {
    expect(withGameMode(defaults, 'ai-first')).toMatchObject({ playerMode: 'ai', firstPlayer: 'ai' });
    expect(gameModeOf({ playerMode: 'ai', firstPlayer: 'ai' })).toBe('ai-first');
  });

  it('round-trips every mode and leaves the other settings alone', () => {
    for (const { value } of GAME_MODES) {
      const next = withGameMode(defaults, value);
      expect(gameModeOf(next)).toBe(value);
      expect(next).toMatchObject({ scoringMechanism: 'connection', aiDifficulty: 'medium', boardSize: '6' });
    }
  });

  it('reads only known select values', () => {
    expect(parseGameMode('ai-first')).toBe('ai-first');
    expect(parseGameMode('ai')).toBeNull();
  });

  it('only connection is free', () => {
    expect(isPremiumScoring('connection')).toBe(false);
    expect(isPremiumScoring('expansion')).toBe(true);
    expect(isPremiumScoring('extension')).toBe(true);
  });
});
