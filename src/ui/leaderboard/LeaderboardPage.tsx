import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  LEADERBOARD_BOARD_SIZES,
  LEADERBOARD_SCORING_MODES,
  fetchAiHighScores,
  fetchEloLeaderboard,
  fetchGameResults,
  type AiHighScoreRow,
  type EloLeaderboardRow,
  type GameResultEntry,
  type LeaderboardBoardSize,
  type LeaderboardFilters,
  type LeaderboardScoringMode,
} from '../../services/leaderboard';
import '../theme/theme.css';
import '../theme/buttons.css';
import { BoardSizeOptions } from '../settings/BoardSizeOptions';
import { capitalise, errorText } from './format';
import { EloRankingsTable, GameResultsTable, HighScoresTable } from './LeaderboardTables';
import './leaderboard.css';

export type LeaderboardTab = 'results' | 'rankings' | 'scores';

/** The tabs, full label and the short one shown on narrow screens (SPEC §2). */
export const LEADERBOARD_TABS: readonly { id: LeaderboardTab; label: string; short: string }[] = [
  { id: 'results', label: 'Game Results', short: 'Results' },
  { id: 'rankings', label: 'ELO Rankings', short: 'Rankings' },
  { id: 'scores', label: 'High Scores', short: 'Scores' },
];

export const LOADING_TEXT = 'Loading scores...';
export const LOAD_FAILED = 'Failed to load scores';

type View =
  | { tab: 'results'; results: GameResultEntry[] }
  | { tab: 'rankings'; rows: EloLeaderboardRow[] }
  | { tab: 'scores'; rows: AiHighScoreRow[] };

/** One tab's data for its filters. */
export async function loadLeaderboardView(
  client: SupabaseClient,
  tab: LeaderboardTab,
  filters: LeaderboardFilters,
): Promise<View> {
  switch (tab) {
    case 'results':
      return { tab, results: await fetchGameResults(client, filters) };
    case 'rankings':
      return { tab, rows: await fetchEloLeaderboard(client) };
    case 'scores':
      return { tab, rows: await fetchAiHighScores(client, filters) };
  }
}

/** The settled load for one request key; loading is "no settled load for the current key". */
type Settled = { key: string; view: View; error?: undefined } | { key: string; view?: undefined; error: string };

/** Route /leaderboard (SPEC §2): Game Results, ELO Rankings and High Scores. */
export function LeaderboardPage({ client }: { client: SupabaseClient }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<LeaderboardTab>('results');
  const [mode, setMode] = useState<LeaderboardScoringMode | ''>('');
  const [size, setSize] = useState<LeaderboardBoardSize | 0>(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const tabRefs = useRef<Map<LeaderboardTab, HTMLButtonElement>>(new Map());

  const filtered = tab !== 'rankings';
  // The ELO ranking has no filters: changing them must not reload it.
  const key = filtered ? `${tab}|${mode}|${size}` : tab;

  useEffect(() => {
    let current = true;
    const filters: LeaderboardFilters = filtered
      ? { scoringMechanism: mode || undefined, boardSize: size || undefined }
      : {};
    loadLeaderboardView(client, tab, filters).then(
      (view) => {
        if (current) setSettled({ key, view });
      },
      (error: unknown) => {
        if (current) setSettled({ key, error: errorText(error, LOAD_FAILED) });
      },
    );
    return () => {
      current = false;
    };
  }, [client, tab, mode, size, filtered, key]);

  const loading = settled?.key !== key;

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = LEADERBOARD_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % LEADERBOARD_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % LEADERBOARD_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const id = LEADERBOARD_TABS[next]!.id;
    setTab(id);
    tabRefs.current.get(id)?.focus();
  }

  return (
    <main className="leaderboard">
      <h1 className="leaderboard-title">Leaderboard</h1>

      <div className="leaderboard-tabs" role="tablist" aria-label="Leaderboards">
        {LEADERBOARD_TABS.map((t, index) => (
          <button
            key={t.id}
            ref={(element) => {
              if (element) tabRefs.current.set(t.id, element);
              else tabRefs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={`leaderboard-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="leaderboard-panel"
            aria-label={t.label}
            tabIndex={tab === t.id ? 0 : -1}
            className="leaderboard-tab"
            onClick={() => setTab(t.id)}
            onKeyDown={(event) => onTabKeyDown(event, index)}
          >
            <span className="tab-label-long">{t.label}</span>
            <span className="tab-label-short" aria-hidden="true">
              {t.short}
            </span>
          </button>
        ))}
      </div>

      <section
        id="leaderboard-panel"
        className="leaderboard-panel"
        role="tabpanel"
        aria-labelledby={`leaderboard-tab-${tab}`}
        aria-busy={loading}
      >
        {filtered && (
          <div className="leaderboard-filters">
            <label>
              <span>Scoring Mode</span>
              <select
                value={mode}
                onChange={(event) => setMode(parseMode(event.target.value))}
              >
                <option value="">All</option>
                {LEADERBOARD_SCORING_MODES.map((m) => (
                  <option key={m} value={m}>
                    {capitalise(m)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>Board Size</span>
              <select value={size} onChange={(event) => setSize(parseSize(event.target.value))}>
                <option value={0}>All</option>
                <BoardSizeOptions sizes={LEADERBOARD_BOARD_SIZES} />
              </select>
            </label>
          </div>
        )}

        {loading ? (
          <p className="leaderboard-status" role="status">
            {LOADING_TEXT}
          </p>
        ) : settled.error !== undefined ? (
          <p className="leaderboard-error" role="alert">
            {settled.error}
          </p>
        ) : (
          <LeaderboardView view={settled.view} />
        )}
      </section>

      <button type="button" className="button leaderboard-back" onClick={() => navigate('/home')}>
        Back to Home
      </button>
    </main>
  );
}

function LeaderboardView({ view }: { view: View }) {
  switch (view.tab) {
    case 'results':
      return <GameResultsTable results={view.results} />;
    case 'rankings':
      return <EloRankingsTable rows={view.rows} />;
    case 'scores':
      return <HighScoresTable rows={view.rows} />;
  }
}

function parseMode(value: string): LeaderboardScoringMode | '' {
  return LEADERBOARD_SCORING_MODES.find((m) => m === value) ?? '';
}

function parseSize(value: string): LeaderboardBoardSize | 0 {
  return LEADERBOARD_BOARD_SIZES.find((s) => String(s) === value) ?? 0;
}

export default LeaderboardPage;
