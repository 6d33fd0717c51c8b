import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import type { ProfileData } from '../../services/profile';
import { ProfilePage } from './ProfilePage';
import { formatRecord, parseRecord, recordFromFragment, type GameRecord } from '../../game/record';
import { EMPTY_HISTORY, NO_RECORD, ProfileView, REPLAY_LINK} from './ProfileView';
import type { HistoryEntry } from '../../services/profile';

const data: ProfileData = {
  profile: {
    id: 'me',
    username: 'player one',
    created_at: '2026-01-05T12:00:00Z',
    elo_rating: 1220,
    games_played: 3,
    games_won: 2,
  },
  stats: { eloRating: 1220, gamesPlayed: 3, gamesWon: 2, winRate: 67 },
  history: [
    {
      id: '1',
      outcome: 'Won',
      myScore: 1200n,
      opponentScore: 8n,
      opponentName: 'bob',
      scoringMechanism: 'connection',
      boardSize: 8,
      eloChange: 20,
      createdAt: '2026-11-22T10:00:00Z',
      record: null,
    },
    {
      id: '2',
      outcome: 'Lost',
      myScore: 3n,
      opponentScore: 9n,
      opponentName: 'Unknown Player',
      scoringMechanism: 'expansion',
      boardSize: 6,
      eloChange: -18,
      createdAt: '2026-11-21T10:00:00Z',
      record: null,
    },
  ],
  ratings: [],
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('ProfileView', () => {
  it('shows the identity, the four stat cards and the recent games', () => {
    const shown = text(renderToStaticMarkup(<ProfileView data={data} email="one@example.com" />));
    expect(shown).toContain('player one');
    expect(shown).toContain('one@example.com');
    expect(shown).toMatch(/Member since (Jan 4|Jan 5), 2026/);
    expect(shown).toContain('Competitive Stats');
    expect(shown).toContain('ELO Rating 1,220');
    expect(shown).toContain('Games Played 3');
    expect(shown).toContain('Games Won 2');
    expect(shown).toContain('Win Rate 67%');
    expect(shown).toContain('Recent Games');
    expect(shown).toContain('Won 1,200 - 8 vs bob Connection · 8x8 No record to replay +20');
    expect(shown).toContain('Lost 3 - 9 vs Unknown Player Expansion · 6x6 No record to replay -18');
  });

  it('links a game with a record to its replay, and says so of a game without one', async () => {
    const game: GameRecord = { width: 4, height: 4, mode: 'connection', firstPlayer: 0, moves: [{ gridX: 0, gridY: 3 }, { gridX: 1, gridY: 3 }], result: '*' };
    const record = formatRecord(game);
    const history: HistoryEntry[] = [{ ...data.history[0]!, record }, { ...data.history[1]!, record: null }];
    const html = renderToStaticMarkup(<ProfileView data={{ ...data, history }} email="one@example.com" />);
    const rows = html.split('<li class="profile-game">').slice(1);
    expect(rows).toHaveLength(2);
    const href = /<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/.exec(rows[0]!);
    expect(href?.[2]).toBe(REPLAY_LINK);
    expect(href?.[1]).toMatch(/^\/replay#CC1/);
    expect(rows[0]).toContain('aria-label="Replay and review: the game against bob"');
    // The replay page reads the record back from the link's fragment as it was written.
    const read = recordFromFragment(new URL(href![1]!.replace(/&amp;/g, '&'), 'http://x').hash);
    expect(read.ok && parseRecord(read.text)).toMatchObject({ ok: true, record: { moves: game.moves, width: 4 } });
    expect(rows[1]).not.toContain('<a ');
    expect(text(rows[1]!)).toContain(NO_RECORD);
    expect(NO_RECORD).toBe('No record to replay');
  });

  it('shows the empty text without games', () => {
    const html = renderToStaticMarkup(<ProfileView data={{ ...data, history: [] }} email="one@example.com" />);
    expect(html).toContain(EMPTY_HISTORY);
    expect(EMPTY_HISTORY).toBe('No competitive games played yet');
  });
});

describe('ProfilePage', () => {
  // The first render only: nothing is fetched before effects run.
  const client = createClient('http://127.0.0.1:9', 'anon-key', { realtime: { transport: WebSocket as never } });
  const user = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', email: 'one@example.com', username: 'one' };

  it('waits for auth before deciding', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProfilePage client={client} user={null} authLoading />
      </MemoryRouter>,
    );
    expect(html).toContain('Loading...');
    expect(html).not.toContain('Player Profile');
  });

  it('renders nothing of the profile when signed out (it redirects to /home)', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProfilePage client={client} user={null} authLoading={false} />
      </MemoryRouter>,
    );
    expect(html).toBe('');
  });

  it('shows the title, a loading text and Back to Home while the profile loads', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProfilePage client={client} user={user} authLoading={false} />
      </MemoryRouter>,
    );
    expect(html).toContain('Player Profile');
    expect(html).toContain('Loading profile...');
    expect(html).toContain('Back to Home');
  });
});
