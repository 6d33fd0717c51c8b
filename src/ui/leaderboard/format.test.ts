import { describe, expect, it } from 'vitest';
import {
  boardSizeLabel,
  capitalise,
  difficultyLabel,
  errorText,
  formatDate,
  formatEloChange,
  formatNumber,
  formatPercent,
  knownDifficulty,
  medalFor,
  rankLabel,
} from './format';

describe('leaderboard formatting', () => {
  it('gives medals to the top three, read as 1st, 2nd, 3rd, and #n to the rest', () => {
    expect([1, 2, 3, 4, 10].map(medalFor)).toEqual(['gold', 'silver', 'bronze', null, null]);
    expect([1, 2, 3, 4, 10].map(rankLabel)).toEqual(['1st', '2nd', '3rd', '#4', '#10']);
  });

  it('writes thousands separators', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('writes percentages with at most one decimal', () => {
    expect(formatPercent(66.7)).toBe('66.7%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });

  it('signs rating changes', () => {
    expect(formatEloChange(16)).toBe('+16');
    expect(formatEloChange(-16)).toBe('-16');
    expect(formatEloChange(0)).toBe('0');
  });

  it('formats dates and gives nothing for unreadable ones', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'UTC')).toBe('Nov 22, 2026');
    expect(formatDate('2026-01-01T23:30:00Z', 'UTC')).toBe('Jan 1, 2026');
    expect(formatDate('', 'UTC')).toBe('');
    expect(formatDate('not a date', 'UTC')).toBe('');
  });

  it("labels difficulties, 'Unknown' when missing", () => {
    expect(['easy', 'medium', 'hard', 'expert'].map(difficultyLabel)).toEqual(['Easy', 'Medium', 'Hard', 'Expert']);
    expect(difficultyLabel(null)).toBe('Unknown');
    expect(difficultyLabel('impossible')).toBe('Unknown');
    expect(knownDifficulty('expert')).toBe('expert');
    expect(knownDifficulty(undefined)).toBeNull();
  });

  it('labels modes and board sizes', () => {
    expect(capitalise('connection')).toBe('Connection');
    expect(boardSizeLabel(10)).toBe('10x10');
  });

  it("shows the error's message or the fallback after 'Error: '", () => {
    expect(errorText(new Error('permission denied'), 'Failed to load scores')).toBe('Error: permission denied');
    expect(errorText(new Error(''), 'Failed to load scores')).toBe('Error: Failed to load scores');
    expect(errorText(undefined, 'Failed to load scores')).toBe('Error: Failed to load scores');
  });
});
