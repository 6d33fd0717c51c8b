import { replayPath } from '../../game/record';
import type { HistoryEntry, ProfileData } from '../../services/profile';
import {
  boardSizeLabel,
  capitalise,
  formatDate,
  formatEloChange,
  formatNumber,
  formatPercent,
} from '../leaderboard/format';
import { ScoreText } from '../score/ScoreText';
import { RatingChart } from './RatingChart';

export const EMPTY_HISTORY = 'No competitive games played yet';

/** The link from a game to its replay, as Game Results words it. */
export const REPLAY_LINK = 'Replay and review';

/** A game kept without its moves (before results kept records) cannot be replayed: the row says so. */
export const NO_RECORD = 'No record to replay';

/** The profile's contents once loaded: identity, Competitive Stats and Recent Games (SPEC §2). */
export function ProfileView({ data, email }: { data: ProfileData; email: string }) {
  const { profile, stats, history, ratings } = data;
  const since = formatDate(profile.created_at);
  return (
    <>
      <section className="profile-identity" aria-label="Account">
        <h2 className="profile-username">{profile.username}</h2>
        <p className="profile-email">{email}</p>
        {since !== '' && (
          <p className="profile-since">
            Member since <time dateTime={profile.created_at}>{since}</time>
          </p>
        )}
      </section>

      <section className="profile-section" aria-labelledby="profile-stats-title">
        <h2 id="profile-stats-title">Competitive Stats</h2>
        <dl className="profile-cards">
          <StatCard label="ELO Rating" value={formatNumber(stats.eloRating)} />
          <StatCard label="Games Played" value={formatNumber(stats.gamesPlayed)} />
          <StatCard label="Games Won" value={formatNumber(stats.gamesWon)} />
          <StatCard label="Win Rate" value={formatPercent(stats.winRate)} />
        </dl>
      </section>

      <section className="profile-section" aria-labelledby="profile-rating-title">
        <h2 id="profile-rating-title">Rating History</h2>
        <RatingChart points={ratings} />
      </section>

      <section className="profile-section" aria-labelledby="profile-games-title">
        <h2 id="profile-games-title">Recent Games</h2>
        {history.length === 0 ? (
          <p className="profile-empty">{EMPTY_HISTORY}</p>
        ) : (
          <ul className="profile-games">
            {history.map((game, index) => (
              <RecentGame key={game.id || index} game={game} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="profile-card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function RecentGame({ game }: { game: HistoryEntry }) {
  const change = formatEloChange(game.eloChange);
  const direction = game.eloChange > 0 ? 'up' : game.eloChange < 0 ? 'down' : 'none';
  return (
    <li className="profile-game">
      <span className={`profile-badge profile-badge-${game.outcome.toLowerCase()}`}>{game.outcome}</span>
      <span className="profile-game-main">
        <span className="profile-game-score">
          <ScoreText score={game.myScore} /> - <ScoreText score={game.opponentScore} />
        </span>{' '}
        <span className="profile-game-opponent" title={game.opponentName}>
          vs {game.opponentName}
        </span>
        <span className="profile-game-meta">
          {capitalise(game.scoringMechanism)} · {boardSizeLabel(game.boardSize)}
        </span>
        {game.record ? (
          <a className="profile-game-replay" href={replayPath(game.record)} aria-label={`${REPLAY_LINK}: the game against ${game.opponentName}`}>
            {REPLAY_LINK}
          </a>
        ) : (
          <span className="profile-game-replay profile-game-no-record">{NO_RECORD}</span>
        )}
      </span>
      <span className="profile-game-side">
        <span className={`profile-elo profile-elo-${direction}`} title="ELO change">
          {change}
        </span>
        <time className="profile-game-date" dateTime={game.createdAt}>
          {formatDate(game.createdAt)}
        </time>
      </span>
    </li>
  );
}
