import { useNavigate } from 'react-router-dom';
import '../theme/theme.css';
import '../theme/buttons.css';
import './offline.css';

/**
 * The one message of every screen that needs the server while the browser is offline, e.g.
 * "You are offline. Online play needs a connection." It goes by itself when the connection is back.
 */
export function OfflineNotice({ needs }: { needs: string }) {
  return (
    <p className="offline-notice" role="status">
      You are offline. {needs} needs a connection.
    </p>
  );
}

/**
 * A whole screen that needs the server, while offline: its title, the notice and the way home.
 * The route draws the real page again as soon as the browser is back online.
 */
export function OfflinePage({ title, needs }: { title: string; needs: string }) {
  const navigate = useNavigate();
  return (
    <main className="offline-page">
      <h1>{title}</h1>
      <OfflineNotice needs={needs} />
      <button type="button" className="button" onClick={() => navigate('/home')}>
        Back to Home
      </button>
    </main>
  );
}
