import { getSupabase } from '../services/supabase';
import { useAuth } from '../ui/auth/AuthProvider';
import { OfflinePage } from '../ui/offline/OfflineNotice';
import { useOnline } from '../ui/offline/useOnline';
import { ProfilePage } from '../ui/profile/ProfilePage';

/** /profile: the signed-in player's page; it redirects to /home once auth says nobody is. */
export default function ProfileRoute() {
  const { user, ready, isLoading } = useAuth();
  const online = useOnline();
  if (!online) return <OfflinePage title="Player Profile" needs="Your profile" />;
  return <ProfilePage client={getSupabase()} user={user} authLoading={!ready || isLoading} />;
}
