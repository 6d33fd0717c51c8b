import { useLocation, useNavigate } from 'react-router-dom';
import '../theme/theme.css';
import '../theme/buttons.css';
import './placeholder.css';

/** Any address the game does not have: says so, names it, and offers the way home. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <main className="coming-soon">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <button type="button" className="button button-primary" onClick={() => navigate('/home')}>
        Back to Home
      </button>
    </main>
  );
}
