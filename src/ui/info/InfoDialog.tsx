import { useNavigate } from 'react-router-dom';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { Modal } from '../dialogs/Modal';
import { ExampleBoards } from './ExampleBoard';
import { LevelStrength } from './LevelStrength';
import './info.css';

/** The information dialog (SPEC §2): About, How to Play, Scoring, Controls / Game Buttons. */
export function InfoDialog({ open, onClose, title = 'How to Play' }: { open: boolean; onClose(): void; title?: string }) {
  const navigate = useNavigate();
  // The lesson (/learn) can be replayed at any time, also after it was finished or skipped.
  const replayLesson = () => {
    onClose();
    navigate('/learn');
  };
  return (
    <Modal open={open} title={title} onClose={onClose} className="info-dialog">
      <section aria-labelledby="info-about">
        <h3 id="info-about">About</h3>
        <p>
          Cell Connection is a quick strategy game for two players on a square grid. The first player moves first, then
          the players take turns until the board is full. Play a friend on the same device, players online, or the
          computer at four levels: Easy, Medium, Hard and Expert.
        </p>
        <p className="info-lesson">
          <button type="button" className="button" onClick={replayLesson}>
            Replay the lesson
          </button>
          <span>Five short steps on a small board.</span>
        </p>
        <LevelStrength />
        <p data-testid="info-mirror-rule">{MIRROR_RULE_EXPLAINED}</p>
        <p>
          {MIRROR_RULE_LABEL} is on by default in online rooms, quick play and open games, and off by default in games on
          one device (Settings).
        </p>
      </section>

      <section aria-labelledby="info-how">
        <h3 id="info-how">How to Play</h3>
        <ul>
          <li>Players take turns placing one cell each on an empty square. Player 1 is green, player 2 is blue.</li>
          <li>Tap an empty square to place your cell. The game ends when no free square remains: the higher score wins.</li>
          <li>
            Your score is the product of your groups&apos; values: a lone cell counts 1, and joining two groups can lower
            your score (3 × 4 = 12, but one group of 8 is 8).
          </li>
          <li>Tap a placed cell to show or hide the value of each group and the lines joining its cells.</li>
          <li>
            Hold a cell for half a second and drag to preview a move: the popup shows Player gain, Opponent gain and Net.
          </li>
          <li>
            Keyboard: the arrow keys move the focus over the board, and Enter (or Space) places a cell on the focused
            square.
          </li>
        </ul>
      </section>

      <section aria-labelledby="info-scoring">
        <h3 id="info-scoring">Scoring</h3>
        <p>
          Cells of one colour that touch side by side (up, down, left or right) form a group. Each group has a value, and
          your score is the product of the values of all your groups. A single cell counts 1.
        </p>
        <dl className="info-terms">
          <dt>Connection</dt>
          <dd>A group is worth the number of its cells.</dd>
          <dt>Expansion</dt>
          <dd>A group is worth its directed connections: each cell counts its neighbours in the group.</dd>
          <dt>Extension</dt>
          <dd>A group is worth its pairs of side-by-side cells.</dd>
        </dl>
        <p>The same 5x5 board scored in each mode, with each group&apos;s value written on it:</p>
        <ExampleBoards />
      </section>

      <section aria-labelledby="info-controls">
        <h3 id="info-controls">Controls / Game Buttons</h3>
        <dl className="info-terms">
          <dt>Hint</dt>
          <dd>Shows a good move for the player to move.</dd>
          <dt>Undo</dt>
          <dd>Takes back your last move (against the AI, its reply too).</dd>
          <dt>Reset</dt>
          <dd>Starts a new game.</dd>
          <dt>Stats</dt>
          <dd>Shows game statistics.</dd>
          <dt>Settings</dt>
          <dd>Changes options.</dd>
          <dt>Home</dt>
          <dd>Returns to the main menu.</dd>
          <dt>Coordinates</dt>
          <dd>The letters and numbers on the board&apos;s edges name each square. Hide them with Show coordinates in Settings.</dd>
          <dt>Numbers</dt>
          <dd>Tap any placed cell to hide or show each group&apos;s value and the lines joining its cells.</dd>
        </dl>
      </section>
    </Modal>
  );
}
