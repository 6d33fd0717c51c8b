import { getSupabase } from '../services/supabase';
import { LeaderboardPage } from '../ui/leaderboard/LeaderboardPage';
import { OfflinePage } from '../ui/offline/OfflineNotice';
import { useOnline } from '../ui/offline/useOnline';

/** /leaderboard, with the app's Supabase client (loaded with this route only); offline, why it cannot load. */
export default function LeaderboardRoute() {
  const online = useOnline();
  if (!online) return <OfflinePage title="Leaderboard" needs="The leaderboard" />;
  return <LeaderboardPage client={getSupabase()} />;
}
