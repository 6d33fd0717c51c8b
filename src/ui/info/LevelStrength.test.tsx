// How to Play's strength of the levels: every level's Elo above random, from the arena's ladder.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import strength from './levelStrength.json';
import { LevelStrength } from './LevelStrength';

describe('the strength of the levels in How to Play', () => {
  it("lists every level's Elo above random from the arena's ladder, weakest first and rising", () => {
    const html = renderToStaticMarkup(<LevelStrength />);
    const items = Array.from(html.matchAll(/<li>(.*?)<\/li>/g), (m) => m[1]!.replace(/<!-- -->/g, ''));
    expect(items.map((item) => item.split(':')[0])).toEqual(['Easy', 'Medium', 'Hard', 'Expert']);
    // The ladder climbs: each rung (Expert's classic evaluation among them, shown to nobody) above the last.
    const elos = strength.ladder.slice(1).map((rung) => rung.elo);
    expect(elos).toEqual([...elos].sort((a, b) => a - b));
    const expert = strength.ladder.find((rung) => rung.level === 'expert')!;
    expect(items[3]).toBe(`Expert: +${expert.elo} (± ${expert.margin})`);
    // One run's figures, whole: every pair of neighbours played the same number of games.
    expect(strength.matches.map((m) => m.wins + m.draws + m.losses)).toEqual(strength.matches.map(() => strength.gamesPerPair));
    expect(strength.matches.length).toBe(strength.ladder.length - 1);
  });
});
