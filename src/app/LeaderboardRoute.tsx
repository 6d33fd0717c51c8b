import { getSupabase } from '../services/supabase';
import { LeaderboardPage } from '../ui/leaderboard/LeaderboardPage';

/** /leaderboard, with the app's Supabase client (loaded with this route only). */
export default function LeaderboardRoute() {
  return <LeaderboardPage client={getSupabase()} />;
}
