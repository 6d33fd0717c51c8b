import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import type { AiHighScoreRow, GameResultEntry } from '../../services/leaderboard';
import { LeaderboardPage } from './LeaderboardPage';
import {
  EMPTY_HIGH_SCORES,
  EMPTY_RANKINGS,
  EMPTY_RESULTS,
  EloRankingsTable,
  GameResultsTable,
  HighScoresTable,
} from './LeaderboardTables';

function entry(n: number): GameResultEntry {
  return {
    id: String(n),
    winnerName: `w${n}`,
    loserName: n === 2 ? 'Unknown' : `l${n}`,
    winnerScore: 1200n + BigInt(n),
    loserScore: 8n,
    isDraw: false,
    scoringMechanism: 'connection',
    boardSize: 6,
    createdAt: '2026-11-22T10:00:00Z',
  };
}

/** Text of each row's cells, tags stripped. */
function rows(html: string): string[][] {
  const body = html.split('<tbody>')[1]?.split('</tbody>')[0] ?? '';
  return body
    .split('</tr>')
    .filter((r) => r.includes('<t'))
    .map((r) =>
      r
        .split(/<\/t[hd]>/)
        .slice(0, -1)
        .map((cell) => cell.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim()),
    );
}

describe('GameResultsTable', () => {
  it('has Winner, Loser, Result headers, drawn medals read 1st, 2nd, 3rd for the top three and #n after', () => {
    const html = renderToStaticMarkup(<GameResultsTable results={[1, 2, 3, 4].map(entry)} />);
    expect(html).toContain('<th scope="col">Winner</th><th scope="col">Loser</th><th scope="col">Result</th>');
    const cells = rows(html);
    expect(cells.map((r) => r[0])).toEqual(['1st w1', '2nd w2', '3rd w3', '#4 w4']);
    expect(html).toContain('leaderboard-medal-gold');
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u); // no emoji: they show as boxes without an emoji font
    // A long name keeps its whole text in a tooltip, for when its column is too narrow.
    expect(html).toContain('title="w1"');
    expect(cells[1]![1]).toBe('Unknown');
    expect(cells[0]![2]).toContain('1,201 vs 8');
    expect(cells[0]![2]).toContain('2026');
  });

  it('says "No mirroring" beside a game played under the rule, and nothing beside one without it', () => {
    const cells = rows(renderToStaticMarkup(<GameResultsTable results={[{ ...entry(1), mirrorRule: true }, entry(2)]} />));
    expect(cells[0]![2]).toContain('Connection · 6x6 · No mirroring ·');
    expect(cells[1]![2]).not.toContain('No mirroring');
  });

  it('shows the empty text', () => {
    expect(renderToStaticMarkup(<GameResultsTable results={[]} />)).toContain(EMPTY_RESULTS);
    expect(EMPTY_RESULTS).toBe('No competitive games played yet!');
  });
});

describe('EloRankingsTable', () => {
  it('has Rank, Player, ELO Rating, Win Rate, Games', () => {
    const html = renderToStaticMarkup(
      <EloRankingsTable
        rows={[
          { rank: 1, user_id: 'a', username: 'alice', elo_rating: 1250, win_rate: 66.7, games_played: 3 },
          { rank: 4, user_id: 'b', username: 'bob', elo_rating: 1180, win_rate: 0, games_played: 1 },
        ]}
      />,
    );
    expect(html.replace(/<[^>]+>/g, '|')).toMatch(/Rank\|+Player\|+ELO Rating\|+Win Rate\|+Games/);
    expect(rows(html)).toEqual([
      ['1st', 'alice', '1,250', '66.7%', '3'],
      ['#4', 'bob', '1,180', '0%', '1'],
    ]);
  });

  it('shows the empty text', () => {
    expect(renderToStaticMarkup(<EloRankingsTable rows={[]} />)).toContain(EMPTY_RANKINGS);
    expect(EMPTY_RANKINGS).toBe('No ranked players yet. Play competitive games to appear here!');
  });
});

describe('HighScoresTable', () => {
  const scores: AiHighScoreRow[] = [
    { id: '1', username: 'x', ai_difficulty: 'expert', score: 12345n, opponent_score: 3n },
    { id: '2', username: 'h', ai_difficulty: 'hard', score: 20n, opponent_score: null },
    { id: '3', username: 'u', ai_difficulty: null, score: 1000n, opponent_score: 999n },
  ];

  it('has Rank, Player, Difficulty, Your Score (Won, Lost or Draw), AI Score with separators', () => {
    const html = renderToStaticMarkup(<HighScoresTable rows={[...scores, { id: '4', username: 'l', ai_difficulty: 'easy', score: 5n, opponent_score: 9n }, { id: '5', username: 'd', ai_difficulty: 'easy', score: 9n, opponent_score: 9n }]} />);
    expect(html.replace(/<[^>]+>/g, '|')).toMatch(/Rank\|+Player\|+Difficulty\|+Your Score\|+AI Score/);
    expect(rows(html)).toEqual([
      ['1st', 'x', 'Expert', 'Won 12,345', '3'],
      ['2nd', 'h', 'Hard', '20', '—'], // without the AI's score, the result is not known
      ['3rd', 'u', 'Unknown', 'Won 1,000', '999'],
      ['#4', 'l', 'Easy', 'Lost 5', '9'],
      ['#5', 'd', 'Easy', 'Draw 9', '9'],
    ]);
  });

  it('shows a 16×16 score past 2^64 compactly, with every digit in its tooltip and for screen readers', () => {
    const html = renderToStaticMarkup(<HighScoresTable rows={[{ id: '9', username: 'big', ai_difficulty: 'hard', score: 2n ** 64n + 1n, opponent_score: 2n ** 64n }]} />);
    expect(html).toContain('title="18,446,744,073,709,551,617"');
    expect(html).toContain('<span aria-hidden="true">1.84 × 10¹⁹</span><span class="score-sr-only">18,446,744,073,709,551,617</span>');
    expect(html).toContain('Won');
  });

  it('colours each difficulty through its class', () => {
    const html = renderToStaticMarkup(<HighScoresTable rows={scores} />);
    expect(html).toContain('class="difficulty difficulty-expert"');
    expect(html).toContain('class="difficulty difficulty-hard"');
    expect(html).toContain('class="difficulty difficulty-unknown"');
  });

  it('shows the empty text', () => {
    expect(renderToStaticMarkup(<HighScoresTable rows={[]} />)).toContain(EMPTY_HIGH_SCORES);
    expect(EMPTY_HIGH_SCORES).toBe('No AI games yet. Play against the AI to appear here!');
  });
});

describe('LeaderboardPage', () => {
  it('first renders the three tabs, the filters, the loading text and Back to Home', () => {
    // The first render only: nothing is fetched before effects run.
  const client = createClient('http://127.0.0.1:9', 'anon-key', { realtime: { transport: WebSocket as never } });
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <LeaderboardPage client={client} />
      </MemoryRouter>,
    );
    expect(html).toContain('role="tablist"');
    expect(html.match(/role="tab"/g)).toHaveLength(3);
    for (const label of ['Game Results', 'ELO Rankings', 'High Scores', 'Results', 'Rankings', 'Scores']) {
      expect(html).toContain(`>${label}</span>`);
    }
    expect(html).toContain('aria-selected="true"');
    expect(html).toContain('Scoring Mode');
    expect(html).toContain('Board Size');
    expect(html).toContain('>10x10</option>');
    expect(html).toContain('>Expansion</option>');
    expect(html).toContain('Loading scores...');
    expect(html).toContain('Back to Home');
  });
});
