/**
 * Home's offer of the lesson to a new player (lessonMemory.ts): on the menu, never in its way,
 * skippable in one tap and not offered again once skipped or finished. A chunk of its own, so the
 * menu's first JavaScript stays small.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { offersLesson, rememberLesson } from './lessonMemory';
import './lessonOffer.css';

export default function LessonOffer() {
  const navigate = useNavigate();
  const [shown, setShown] = useState(offersLesson);
  const titleId = useId();
  if (!shown) return null;
  return (
    <section className="lesson-offer" aria-labelledby={titleId} data-testid="lesson-offer">
      <h2 id={titleId} className="lesson-offer-title">
        New to Cell Connection?
      </h2>
      <p className="lesson-offer-text">Learn the game in five short steps.</p>
      <div className="lesson-offer-actions">
        <button type="button" className="button button-primary" onClick={() => navigate('/learn')}>
          Start the lesson
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            rememberLesson('skipped');
            setShown(false);
          }}
        >
          Skip
        </button>
      </div>
    </section>
  );
}
