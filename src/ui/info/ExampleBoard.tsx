import type { ScoringMechanism } from '../../engine';
import { EXAMPLE_GROUPS, EXAMPLE_SIZE, exampleLinks, exampleScoreText } from './exampleGroups';

const CELL = 24; // px per cell in the picture's own units
const PAD = 4;
const SIDE = EXAMPLE_SIZE * CELL + 2 * PAD;

const centre = (n: number) => PAD + (n + 0.5) * CELL;

/** The spec's 5×5 example drawn for one scoring mode, each group's value written on it. */
export function ExampleBoard({ mode, label }: { mode: ScoringMechanism; label: string }) {
  const green = exampleScoreText(0, mode);
  const blue = exampleScoreText(1, mode);
  return (
    <figure className="example-board">
      <svg
        viewBox={`0 0 ${SIDE} ${SIDE}`}
        role="img"
        aria-label={`${label} example on a 5x5 board: green ${green}, blue ${blue}`}
      >
        <rect x={PAD} y={PAD} width={EXAMPLE_SIZE * CELL} height={EXAMPLE_SIZE * CELL} className="example-bg" />
        {Array.from({ length: EXAMPLE_SIZE + 1 }, (_, i) => (
          <g key={i} className="example-grid">
            <line x1={PAD + i * CELL} y1={PAD} x2={PAD + i * CELL} y2={SIDE - PAD} />
            <line x1={PAD} y1={PAD + i * CELL} x2={SIDE - PAD} y2={PAD + i * CELL} />
          </g>
        ))}
        {EXAMPLE_GROUPS.map((group) => (
          <g key={group.cells.join()} className={`example-group player-${group.player}`}>
            {group.cells.map((key) => {
              const [x = 0, y = 0] = key.split('-').map(Number);
              return <rect key={key} x={PAD + x * CELL + 2} y={PAD + y * CELL + 2} width={CELL - 4} height={CELL - 4} rx={3} />;
            })}
            {exampleLinks(group).map(([a, b]) => (
              <line key={`${a.join()}-${b.join()}`} x1={centre(a[0])} y1={centre(a[1])} x2={centre(b[0])} y2={centre(b[1])} />
            ))}
            <circle cx={centre(group.labelAt[0])} cy={centre(group.labelAt[1])} r={7.5} />
            <text x={centre(group.labelAt[0])} y={centre(group.labelAt[1])} dy="0.35em">
              {group.values[mode]}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <strong>{label}</strong>
        <span className="example-score">
          <span className="example-swatch player-0" aria-hidden="true" />
          Green {green}
        </span>
        <span className="example-score">
          <span className="example-swatch player-1" aria-hidden="true" />
          Blue {blue}
        </span>
      </figcaption>
    </figure>
  );
}
