/**
 * The lobby's open games (as lichess's lobby lists its seeks): public rooms waiting for
 * an opponent, newest first, live. One click joins under the lobby's name (a signed-in player's
 * account username).
 */
import type { OpenGameView } from '../../protocol/messages';
import { MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { mirrorRuleOn } from '../../protocol/rules';
import { timeControlName } from '../clocks/clockFormat';

const SCORING_NAMES = { connection: 'Connection', expansion: 'Expansion', extension: 'Extension' } as const;


export interface OpenGamesProps {
  /** Null until the server has sent the list. */
  games: OpenGameView[] | null;
  disabled: boolean;
  join(code: string): void;
}

export function OpenGames({ games, disabled, join }: OpenGamesProps) {
  return (
    <section className="open-games" aria-labelledby="open-games-title">
      <h2 id="open-games-title" className="multiplayer-section-title">Open games</h2>
      {games === null ? (
        <p className="multiplayer-note">Loading open games…</p>
      ) : games.length === 0 ? (
        <p className="multiplayer-note">No open games right now: create one, or join with a code</p>
      ) : (
        <ul className="open-games-list">
          {games.map((game) => {
            const settings = `${game.boardSize}x${game.boardSize} · ${SCORING_NAMES[game.scoringMechanism]} · ${game.rated ? 'Rated' : 'Casual'} · ${timeControlName(game.timeControl)}${mirrorRuleOn(game) ? ` · ${MIRROR_RULE_LABEL}` : ''}`;
            return (
              <li key={game.code}>
                <button
                  type="button"
                  className="open-game"
                  data-testid="open-game"
                  disabled={disabled}
                  aria-label={`Join ${game.host}'s game: ${settings}`}
                  onClick={() => join(game.code)}
                >
                  <span className="open-game-host">
                    {game.host}
                    {game.hostRating != null && <span className="open-game-rating"> ({game.hostRating})</span>}
                  </span>
                  <span className="open-game-settings">{settings}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
