/**
 * The authentication panel (SPEC §2): slides in like the settings panel. Signed out: Sign In or
 * Sign Up with the toggle link; signed in: the profile card with Profile Settings and Sign Out.
 * Rendered once, at app level; opened through `useAuth().openPanel()`.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { avatarInitial, displayName, type AuthUser } from '../../machines/auth.machine';
import { SlidePanel } from '../dialogs/SlidePanel';
import { OfflineNotice } from '../offline/OfflineNotice';
import { useOnline } from '../offline/useOnline';
import { useAuth } from './AuthProvider';
import './auth.css';

type Form = 'signIn' | 'signUp';

export function AuthPanel() {
  const auth = useAuth();
  const { panelOpen: open, closePanel } = auth;
  const [form, setForm] = useState<Form>('signIn');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  const online = useOnline();
  const fieldId = useId();

  // Fields are cleared when the panel closes (the machine clears the error).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setUsername('');
      setEmail('');
      setPassword('');
      setForm('signIn');
    }
  }

  const toggle = () => {
    setForm(form === 'signIn' ? 'signUp' : 'signIn');
    auth.clearError();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (auth.isLoading) return;
    if (form === 'signIn') auth.signIn(email, password);
    else auth.signUp(email, password, username);
  };

  const title = auth.user ? 'Profile' : form === 'signIn' ? 'Sign In' : 'Sign Up';

  return (
    <SlidePanel open={open} title={title} onClose={closePanel} rootClassName="auth-root" panelClassName="auth-panel">
      {auth.user ? (
        <SignedIn user={auth.user} busy={auth.isLoading} error={auth.error} onSignOut={auth.signOut} onClose={closePanel} />
      ) : !online ? (
        <OfflineNotice needs={form === 'signIn' ? 'Signing in' : 'Signing up'} />
      ) : (
        <form className="auth-form" onSubmit={submit}>
          {form === 'signUp' && (
            <label className="auth-field">
              <span>Username</span>
              <input
                name="username"
                type="text"
                autoComplete="username"
                placeholder="Choose a username"
                maxLength={50}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </label>
          )}
          <label className="auth-field">
            <span>Email</span>
            <input
              name="email"
              type="email"
              autoComplete="email"
              required
              data-autofocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <div className="auth-field">
            <label htmlFor={`${fieldId}-password`}>
              <span>Password</span>
            </label>
            <input
              id={`${fieldId}-password`}
              aria-describedby={form === 'signUp' ? `${fieldId}-password-rule` : undefined}
              name="password"
              type="password"
              autoComplete={form === 'signIn' ? 'current-password' : 'new-password'}
              required
              minLength={6}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {/* The account service's minimum (SPEC: at least 6), said before a sign-up is refused. */}
            {form === 'signUp' && (
              <small id={`${fieldId}-password-rule`} className="auth-hint">
                At least 6 characters
              </small>
            )}
          </div>
          {auth.error && (
            <p className="auth-error" role="alert">
              {auth.error}
            </p>
          )}
          <button type="submit" className="button button-primary auth-submit" disabled={auth.isLoading}>
            {auth.isLoading ? 'Loading...' : form === 'signIn' ? 'Sign In' : 'Sign Up'}
          </button>
          <button type="button" className="auth-toggle" onClick={toggle}>
            {form === 'signIn' ? "Don't have an account?" : 'Already have an account?'}
          </button>
        </form>
      )}
    </SlidePanel>
  );
}

interface SignedInProps {
  user: AuthUser;
  busy: boolean;
  error: string | null;
  onSignOut(): void;
  onClose(): void;
}

function SignedIn({ user, busy, error, onSignOut, onClose }: SignedInProps) {
  return (
    <div className="auth-profile">
      <span className="auth-avatar" aria-hidden="true">
        {avatarInitial(user)}
      </span>
      <p className="auth-name">{displayName(user)}</p>
      <p className="auth-email">{user.email}</p>
      {error && (
        <p className="auth-error" role="alert">
          {error}
        </p>
      )}
      <Link to="/profile" className="button auth-action" onClick={onClose}>
        Profile Settings
      </Link>
      <button type="button" className="button button-danger auth-action" disabled={busy} onClick={onSignOut}>
        {busy ? 'Signing out...' : 'Sign Out'}
      </button>
    </div>
  );
}
