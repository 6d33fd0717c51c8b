import type { BoardState, CellKey } from '../engine';

/** A static picture of a board: rows top to bottom (y), columns left to right (x). */
export function BoardPreview({ board }: { board: BoardState }) {
  const rows = Array.from({ length: board.gridHeight }, (_, y) => y);
  const columns = Array.from({ length: board.gridWidth }, (_, x) => x);
  const ownerOf = (key: CellKey) =>
    board.occupiedCells[0].has(key) ? 'player-0' : board.occupiedCells[1].has(key) ? 'player-1' : 'empty';
  return (
    <div
      className="board-preview"
      role="img"
      aria-label={`${board.gridWidth}×${board.gridHeight} example board`}
      style={{ gridTemplateColumns: `repeat(${board.gridWidth}, 1fr)` }}
    >
      {rows.flatMap((y) =>
        columns.map((x) => {
          const key: CellKey = `${x}-${y}`;
          return <div key={key} className={`cell ${ownerOf(key)}`} title={key} />;
        }),
      )}
    </div>
  );
}
