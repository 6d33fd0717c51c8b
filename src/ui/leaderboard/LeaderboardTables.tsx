import { aiGameOutcome, type AiHighScoreRow, type EloLeaderboardRow, type GameResultEntry } from '../../services/leaderboard';
import { boardSizeLabel, capitalise, difficultyLabel, formatDate, formatNumber, formatPercent, knownDifficulty } from './format';
import { ScoreText } from '../score/ScoreText';
import { Rank } from './Medal';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';

export const EMPTY_RESULTS = 'No competitive games played yet!';
export const EMPTY_RANKINGS = 'No ranked players yet. Play competitive games to appear here!';
export const EMPTY_HIGH_SCORES = 'No AI games yet. Play against the AI to appear here!';

function Empty({ text }: { text: string }) {
  return <p className="leaderboard-empty">{text}</p>;
}

/**
 * A player's name: wraps between words, and a word too long for the phone's column ends in an
 * ellipsis (the full name in its tooltip) rather than breaking in the middle.
 */
function PlayerName({ name }: { name: string }) {
  return (
    <span className="leaderboard-name" title={name}>
      {name}
    </span>
  );
}

/** Game Results: Winner, Loser, Result (winner score vs loser score, and the date). */
export function GameResultsTable({ results }: { results: readonly GameResultEntry[] }) {
  if (results.length === 0) return <Empty text={EMPTY_RESULTS} />;
  return (
    <table className="leaderboard-table">
      <caption className="leaderboard-sr-only">Recent competitive game results, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Winner</th>
          <th scope="col">Loser</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result, index) => (
          <tr key={result.id || index}>
            <th scope="row" className="leaderboard-player">
              <span className="leaderboard-winner">
                <Rank rank={index + 1} /> <PlayerName name={result.winnerName} />
              </span>
            </th>
            <td className="leaderboard-player">
              <PlayerName name={result.loserName} />
            </td>
            <td className="leaderboard-result">
              <span className="leaderboard-score">
                <ScoreText score={result.winnerScore} /> vs <ScoreText score={result.loserScore} />
                {result.isDraw && ' (Draw)'}
              </span>
              <span className="leaderboard-meta">
                {capitalise(result.scoringMechanism)} · {boardSizeLabel(result.boardSize)} ·{' '}
                {result.mirrorRule && (
                  <>
                    <span className="leaderboard-rule" title={MIRROR_RULE_EXPLAINED} data-testid="result-mirror-rule">
                      {MIRROR_RULE_LABEL}
                    </span>{' '}
                    ·{' '}
                  </>
                )}
                <time dateTime={result.createdAt}>{formatDate(result.createdAt)}</time>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** ELO Rankings: Rank, Player, ELO Rating, Win Rate, Games. */
export function EloRankingsTable({ rows }: { rows: readonly EloLeaderboardRow[] }) {
  if (rows.length === 0) return <Empty text={EMPTY_RANKINGS} />;
  return (
    <table className="leaderboard-table">
      <caption className="leaderboard-sr-only">Players ranked by ELO rating</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Player</th>
          <th scope="col" className="numeric">
            ELO Rating
          </th>
          <th scope="col" className="numeric">
            Win Rate
          </th>
          <th scope="col" className="numeric">
            Games
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.user_id || index}>
            <td>
              <Rank rank={row.rank} />
            </td>
            <th scope="row" className="leaderboard-player">
              <PlayerName name={row.username} />
            </th>
            <td className="numeric">{formatNumber(row.elo_rating)}</td>
            <td className="numeric">{formatPercent(row.win_rate)}</td>
            <td className="numeric">{formatNumber(row.games_played)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** High Scores: Rank, Player, Difficulty (in its colour), Your Score (with Won, Lost or Draw), AI Score. */
export function HighScoresTable({ rows }: { rows: readonly AiHighScoreRow[] }) {
  if (rows.length === 0) return <Empty text={EMPTY_HIGH_SCORES} />;
  return (
    <table className="leaderboard-table">
      <caption className="leaderboard-sr-only">Best scores against the AI, hardest level first</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Player</th>
          <th scope="col">Difficulty</th>
          <th scope="col" className="numeric">
            Your Score
          </th>
          <th scope="col" className="numeric">
            AI Score
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const level = knownDifficulty(row.ai_difficulty);
          const outcome = aiGameOutcome(row);
          return (
            <tr key={row.id || index}>
              <td>
                <Rank rank={index + 1} />
              </td>
              <th scope="row" className="leaderboard-player">
                <PlayerName name={row.username} />
              </th>
              <td>
                <span
                  className={`difficulty difficulty-${level ?? 'unknown'}`}
                  data-difficulty={level ?? 'unknown'}
                >
                  {difficultyLabel(row.ai_difficulty)}
                </span>
              </td>
              <td className="numeric">
                {outcome && (
                  <>
                    <span className={`leaderboard-outcome leaderboard-outcome-${outcome.toLowerCase()}`}>{outcome}</span>{' '}
                  </>
                )}
                <ScoreText score={row.score} />
              </td>
              <td className="numeric">{row.opponent_score === null ? '—' : <ScoreText score={row.opponent_score} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
