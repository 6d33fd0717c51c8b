import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { loadProfileData, type ProfileData } from '../../services/profile';
import '../theme/theme.css';
import '../theme/buttons.css';
import { ProfileView } from './ProfileView';
import './profile.css';
import { logger } from '../../services/logger';

export const PROFILE_LOAD_FAILED = 'Failed to load user data';

export interface ProfileUser {
  id: string;
  email: string;
  username: string;
}

export interface ProfilePageProps {
  client: SupabaseClient;
  user: ProfileUser | null;
  authLoading: boolean;
}

type Settled = { userId: string; data: ProfileData; failed?: undefined } | { userId: string; data?: undefined; failed: true };

/** Route /profile (SPEC §2): signed-in only; redirects to /home once auth knows nobody is. */
export function ProfilePage({ client, user, authLoading }: ProfilePageProps) {
  const navigate = useNavigate();
  const userId = user?.id ?? null;
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    loadProfileData(client, userId).then(
      (data) => {
        if (current) setSettled({ userId, data });
      },
      (error: unknown) => {
        logger.error('Failed to load user data:', error);
        if (current) setSettled({ userId, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [client, userId]);

  if (user === null) {
    return authLoading ? (
      <main className="profile">
        <p className="profile-status" role="status">
          Loading...
        </p>
      </main>
    ) : (
      <Navigate to="/home" replace />
    );
  }

  const result = settled?.userId === user.id ? settled : null;

  return (
    <main className="profile">
      <h1 className="profile-title">Player Profile</h1>
      {result === null ? (
        <p className="profile-status" role="status">
          Loading profile...
        </p>
      ) : result.failed ? (
        <p className="profile-error" role="alert">
          {PROFILE_LOAD_FAILED}
        </p>
      ) : (
        <ProfileView data={result.data} email={user.email} />
      )}
      <button type="button" className="button profile-back" onClick={() => navigate('/home')}>
        Back to Home
      </button>
    </main>
  );
}

export default ProfilePage;
