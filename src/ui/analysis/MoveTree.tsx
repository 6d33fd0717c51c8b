/**
 * The analysis board's move list: the main line, and after a move the branches tried instead of
 * it, indented in parentheses as lichess shows them; every move a button to its position, the
 * shown one marked.
 */
import type { PlayerIndex } from '../../engine';
import { moverAt } from '../../game/analysis/link';
import { moveLines, type MoveItem, type VariationTree } from '../../game/analysis/tree';
import { cellName } from '../../game/notation';
import type { GameRecord } from '../../game/record';
import { NAMES } from './words';

export interface MoveTreeProps {
  tree: VariationTree;
  record: GameRecord;
  onGo(id: number): void;
}

export function MoveTree({ tree, record, onGo }: MoveTreeProps) {
  const lines = moveLines(tree);
  if (lines.length === 0) return null;
  return (
    <div className="analysis-moves" aria-label="Moves and variations" role="group" data-testid="analysis-moves">
      <Line items={lines} tree={tree} record={record} onGo={onGo} />
    </div>
  );
}

function Line({ items, tree, record, onGo }: { items: MoveItem[] } & MoveTreeProps) {
  return (
    <>
      {items.map((item) => {
        const player: PlayerIndex = moverAt(record.firstPlayer, item.ply - 1);
        const name = cellName(item.cell, record.height);
        return (
          <span key={item.id} className="analysis-moves__item">
            <button
              type="button"
              className={`replay-move player-${player}`}
              aria-current={item.id === tree.cursor ? 'step' : undefined}
              aria-label={`Move ${item.ply}, ${NAMES[player]}, ${name}`}
              data-ply={item.ply}
              data-testid="analysis-move"
              onClick={() => onGo(item.id)}
            >
              <span className="analysis-moves__number">{item.ply}.</span> {name}
            </button>
            {item.variations.map((variation) => (
              <span key={variation[0]!.id} className="analysis-variation" data-testid="analysis-variation">
                <Line items={variation} tree={tree} record={record} onGo={onGo} />
              </span>
            ))}
          </span>
        );
      })}
    </>
  );
}
