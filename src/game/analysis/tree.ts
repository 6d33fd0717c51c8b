/**
 * The analysis board's variations, kept as a tree as lichess keeps them: the root is the empty
 * board, each node one move, a node's first child its main continuation and the others the
 * branches tried instead. Playing a move that differs from the position's existing ones starts a
 * new branch rather than erasing the old line; playing one that exists just follows it. Pure and
 * immutable: every change returns a new tree (nodes are never reused for another move, so an
 * id names one move for good).
 */
import type { CellPosition } from '../../engine';

export interface TreeNode {
  readonly id: number;
  readonly parent: number | null; // null for the root (the empty board)
  readonly move: CellPosition | null; // null for the root
  readonly children: readonly number[]; // the main continuation first
}

export interface VariationTree {
  readonly nodes: readonly TreeNode[]; // nodes[id]; a deleted branch's nodes stay, unreachable
  readonly cursor: number; // the node whose position is shown
}

export const ROOT = 0;

const sameCell = (a: CellPosition | null, b: CellPosition) => a !== null && a.gridX === b.gridX && a.gridY === b.gridY;

function withNode(nodes: readonly TreeNode[], node: TreeNode): TreeNode[] {
  const copy = [...nodes];
  copy[node.id] = node;
  return copy;
}

/** A tree whose main line is `moves` (a game's), shown after `ply` of them (clamped to the line). */
export function treeOfLine(moves: readonly CellPosition[], ply = moves.length): VariationTree {
  let tree: VariationTree = { nodes: [{ id: ROOT, parent: null, move: null, children: [] }], cursor: ROOT };
  for (const move of moves) tree = playMove(tree, move);
  return goToPly(tree, ply);
}

/** The move `cell` from the shown position: the existing child with that move, else a new branch after the others. */
export function playMove(tree: VariationTree, cell: CellPosition): VariationTree {
  const here = tree.nodes[tree.cursor]!;
  const existing = here.children.find((id) => sameCell(tree.nodes[id]!.move, cell));
  if (existing !== undefined) return { ...tree, cursor: existing };
  const id = tree.nodes.length;
  const nodes = withNode(tree.nodes, { ...here, children: [...here.children, id] });
  nodes[id] = { id, parent: here.id, move: { gridX: cell.gridX, gridY: cell.gridY }, children: [] };
  return { nodes, cursor: id };
}

/** One move back (the root stays where it is). */
export function back(tree: VariationTree): VariationTree {
  const parent = tree.nodes[tree.cursor]!.parent;
  return parent === null ? tree : { ...tree, cursor: parent };
}

/** One move forward along the shown line's main continuation (the last position stays). */
export function forward(tree: VariationTree): VariationTree {
  const next = tree.nodes[tree.cursor]!.children[0];
  return next === undefined ? tree : { ...tree, cursor: next };
}

/** Whether `id` is a node still in the tree (not in a deleted branch). */
export function isInTree(tree: VariationTree, id: number): boolean {
  let node = tree.nodes[id];
  while (node && node.parent !== null) {
    const parent: TreeNode = tree.nodes[node.parent]!;
    if (!parent.children.includes(node.id)) return false;
    node = parent;
  }
  return node?.id === ROOT;
}

/** The position after move `id` (a click in the move list); an id not in the tree changes nothing. */
export function jump(tree: VariationTree, id: number): VariationTree {
  return isInTree(tree, id) ? { ...tree, cursor: id } : tree;
}

/** The moves from the empty board to node `id`, in order. */
export function movesTo(tree: VariationTree, id = tree.cursor): CellPosition[] {
  const moves: CellPosition[] = [];
  for (let node = tree.nodes[id]; node && node.move; node = node.parent === null ? undefined : tree.nodes[node.parent]) moves.unshift(node.move);
  return moves;
}

/** How many moves lead to node `id`: its ply. */
export function plyOf(tree: VariationTree, id = tree.cursor): number {
  return movesTo(tree, id).length;
}

/** The shown line whole: the moves to the cursor, then on along each main continuation. */
export function currentLine(tree: VariationTree): CellPosition[] {
  const moves = movesTo(tree);
  for (let next = tree.nodes[tree.cursor]!.children[0]; next !== undefined; next = tree.nodes[next]!.children[0]) moves.push(tree.nodes[next]!.move!);
  return moves;
}

/** The position `ply` moves into the shown line (clamped to it). */
export function goToPly(tree: VariationTree, ply: number): VariationTree {
  let cursor = ROOT;
  for (let step = 0; step < ply; step++) {
    const next = tree.nodes[cursor]!.children[0];
    if (next === undefined) break;
    cursor = next;
  }
  return { ...tree, cursor };
}

/** Makes the branch through `id` the main line at every fork above it (lichess's "Make main line"). */
export function makeMainLine(tree: VariationTree, id: number): VariationTree {
  if (!isInTree(tree, id)) return tree;
  let nodes = [...tree.nodes];
  for (let node = nodes[id]!; node.parent !== null; node = nodes[node.parent]!) {
    const parent = nodes[node.parent]!;
    nodes = withNode(nodes, { ...parent, children: [node.id, ...parent.children.filter((child) => child !== node.id)] });
  }
  return { ...tree, nodes };
}

/** Removes move `id` and everything after it; the cursor goes back to its parent if it was inside. */
export function deleteBranch(tree: VariationTree, id: number): VariationTree {
  const node = tree.nodes[id];
  if (!node || node.parent === null || !isInTree(tree, id)) return tree;
  const parent = tree.nodes[node.parent]!;
  const nodes = withNode(tree.nodes, { ...parent, children: parent.children.filter((child) => child !== id) });
  return { nodes, cursor: isAncestor(tree, id, tree.cursor) ? parent.id : tree.cursor };
}

function isAncestor(tree: VariationTree, ancestor: number, id: number): boolean {
  for (let node: TreeNode | undefined = tree.nodes[id]; node; node = node.parent === null ? undefined : tree.nodes[node.parent]) {
    if (node.id === ancestor) return true;
  }
  return false;
}

/** A move in the move list: its node, its number in the game (1 = the first move), and the branches tried instead of it. */
export interface MoveItem {
  id: number;
  ply: number;
  cell: CellPosition;
  variations: MoveItem[][]; // each sibling's line, shown after this move (as PGN writes "1. e4 (1. d4 d5) e5")
}

/** The move list from the empty board: the main line, each move followed by its alternatives' lines. */
export function moveLines(tree: VariationTree): MoveItem[] {
  const root = tree.nodes[ROOT]!;
  const [first, ...others] = root.children;
  return first === undefined ? [] : lineFrom(tree, first, others, 1);
}

function lineFrom(tree: VariationTree, start: number, siblings: readonly number[], ply: number): MoveItem[] {
  const items: MoveItem[] = [];
  let id: number | undefined = start;
  let alternatives = siblings;
  for (let at = ply; id !== undefined; at++) {
    const node: TreeNode = tree.nodes[id]!;
    items.push({ id, ply: at, cell: node.move!, variations: alternatives.map((other) => lineFrom(tree, other, [], at)) });
    const [next, ...rest] = node.children;
    id = next;
    alternatives = rest;
  }
  return items;
}
