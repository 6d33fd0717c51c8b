import { useNavigate } from 'react-router-dom';
import '../theme/theme.css';
import '../theme/buttons.css';
import './placeholder.css';

/** Stands in for /multiplayer, /leaderboard and /profile until their issues build them. */
export function ComingSoonPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <main className="coming-soon">
      <h1>{title}</h1>
      <p>Coming soon</p>
      <button type="button" className="button button-primary" onClick={() => navigate('/home')}>
        Back to Home
      </button>
    </main>
  );
}
