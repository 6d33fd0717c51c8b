/**
 * How strong each level of the computer is, as the arena's ladder measured it
 * (levelStrength.json, written from `npm run arena -- --ladder`): each level's Elo
 * above a player who moves at random, with its 95% interval.
 */
import strength from './levelStrength.json';

const NAMES: Record<string, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert' };

export function LevelStrength() {
  const levels = strength.ladder.filter((rung) => rung.level in NAMES);
  return (
    <>
      <p>
        Strength of the levels, in Elo above a player who places cells at random ({strength.size}×{strength.size},{' '}
        {strength.mode}, No mirroring, {strength.gamesPerPair} games between neighbouring levels):
      </p>
      <ul data-testid="level-strength">
        {levels.map((rung) => (
          <li key={rung.level}>
            {NAMES[rung.level]}: +{rung.elo} (± {rung.margin})
          </li>
        ))}
      </ul>
    </>
  );
}
