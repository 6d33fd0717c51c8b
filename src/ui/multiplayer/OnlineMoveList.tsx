/**
 * The online game's moves beside the board on a wide screen: numbered, a small dot in the
 * mover's colour (as the review's move list, src/ui/replay/review/MoveList.tsx), the cell's
 * name; the newest kept in view. Players alternate, green first (SPEC §4 "Moves").
 */
import { useEffect, useRef } from 'react';
import type { CellPosition } from '../../engine';
import { cellName } from '../../game/notation';
import './onlinePage.css';

export function OnlineMoveList({ moves, height, names }: { moves: readonly CellPosition[]; height: number; names: readonly [string, string] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [moves.length]);
  return (
    <ol className="online-moves" aria-label="Moves" data-testid="online-moves" ref={list}>
      {moves.map((move, index) => {
        const player = (index % 2) as 0 | 1;
        const name = cellName(move, height);
        return (
          <li key={index} className="online-move" aria-label={`Move ${index + 1}, ${names[player]}, ${name}`}>
            <span className="online-move-number" aria-hidden="true">
              {index + 1}.
            </span>
            <span className={`online-move-dot player-${player}`} aria-hidden="true" />
            <span aria-hidden="true">{name}</span>
          </li>
        );
      })}
    </ol>
  );
}
