"""The learned evaluation's inputs, numbered as engine-rs/src/ai/nnue/features.rs numbers them.

Each taken cell switches on two inputs, from the viewer's side: the cell itself on a board of
its size (mine or theirs) and its place class, shared by every size (its distances from the
nearest edges, unordered, at most 7). One input per board size and scoring mode is always on.
"""
import numpy as np

MIN_SIDE, MAX_SIDE = 2, 16
MAX_EDGE_DISTANCE = 7
PLACE_CLASSES = (MAX_EDGE_DISTANCE + 1) * (MAX_EDGE_DISTANCE + 2) // 2
CELLS_BELOW = {s: sum(k * k for k in range(MIN_SIDE, s)) for s in range(MIN_SIDE, MAX_SIDE + 2)}
ALL_CELLS = CELLS_BELOW[MAX_SIDE + 1]
SIDES = MAX_SIDE + 1 - MIN_SIDE
INPUTS = 2 * ALL_CELLS + 2 * PLACE_CLASSES + SIDES * 3
HIDDEN = 32
FILL_BUCKETS = 8
RATIO_STEPS = 16.0


def place_class(side: int, cell: int) -> int:
    x, y = cell % side, cell // side
    across = min(x, side - 1 - x, MAX_EDGE_DISTANCE)
    down = min(y, side - 1 - y, MAX_EDGE_DISTANCE)
    low, high = min(across, down), max(across, down)
    return high * (high + 1) // 2 + low


def cell_inputs(side: int, cell: int, theirs: bool) -> tuple[int, int]:
    whose = 1 if theirs else 0
    return (
        whose * ALL_CELLS + CELLS_BELOW[side] + cell,
        2 * ALL_CELLS + whose * PLACE_CLASSES + place_class(side, cell),
    )


def board_input(side: int, mode: int) -> int:
    return 2 * ALL_CELLS + 2 * PLACE_CLASSES + (side - MIN_SIDE) * 3 + mode


def fill_bucket(taken: int, area: int) -> int:
    return min(taken * FILL_BUCKETS // area, FILL_BUCKETS - 1)


def symmetries(side: int) -> list[np.ndarray]:
    """The board's eight symmetries, each as the cell each cell goes to."""
    grid = np.arange(side * side).reshape(side, side)
    out = []
    for turns in range(4):
        g = np.rot90(grid, turns)
        out.append(g.reshape(-1).copy())
        out.append(g.T.reshape(-1).copy())
    # out[k][cell] is the cell that lands at `cell`; invert to "where cell goes".
    maps = []
    for m in out:
        inverse = np.empty_like(m)
        inverse[m] = np.arange(side * side)
        maps.append(inverse)
    return maps
