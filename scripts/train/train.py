"""Trains Expert's learned evaluation from self-play rows (engine-rs/examples/selfplay.rs).

    python3 scripts/train/train.py --data DIR [DIR...] --out engine-rs/src/ai/nnue [--epochs N] [--seed N]

Reads every *.bin in the DIRs, holds out the last 5% of each file's rows (its last games),
trains the net on the rest (a random one of the board's eight symmetries per row and
epoch), fits the classic evaluation's two terms on the same rows for comparison,
then writes the quantised net (net.bin), known values for the engine's tests
(known-values.txt) and the log of its training (training-log.txt) to --out. Seeded: the same data and
arguments give the same net on the same machine.
"""
import argparse
import glob
import math
import os
import time

import numpy as np
import torch

from features import (ALL_CELLS, CELLS_BELOW, FILL_BUCKETS, HIDDEN, INPUTS, MAX_SIDE, MIN_SIDE,
                      PLACE_CLASSES, RATIO_STEPS, board_input, fill_bucket, place_class, symmetries)
from netfile import ACTIVATION_ONE, HEADS, OUTPUT_ONE, write_net

ROW = np.dtype([('side', 'u1'), ('mode', 'u1'), ('mover', 'u1'), ('result', 'u1'), ('ply', '<u2'),
                ('pad', '<u2'), ('ratio', '<f4'), ('room', '<f4'), ('cells', '<u8', (2, 4))])
RATIO_CLAMP = 4000.0
HELD_OUT = 0.05

# Per side: the exact input of each cell (mine; theirs is + ALL_CELLS) and its place-class input.
EXACT = np.zeros((MAX_SIDE + 1, 256), dtype=np.int64)
CLASS = np.zeros((MAX_SIDE + 1, 256), dtype=np.int64)
SYMMETRY = np.tile(np.arange(256), (MAX_SIDE + 1, 8, 1))
for s in range(MIN_SIDE, MAX_SIDE + 1):
    for c in range(s * s):
        EXACT[s, c] = CELLS_BELOW[s] + c
        CLASS[s, c] = 2 * ALL_CELLS + place_class(s, c)
    for k, m in enumerate(symmetries(s)):
        SYMMETRY[s, k, :s * s] = m


def load(data_dirs):
    train, held = [], []
    paths = sorted(p for d in data_dirs for p in glob.glob(os.path.join(d, '*.bin')))
    for path in paths:
        raw = np.fromfile(path, dtype=np.uint8)
        # A file still being written may end in part of a row.
        rows = raw[:len(raw) - len(raw) % ROW.itemsize].view(ROW)
        cut = int(len(rows) * (1 - HELD_OUT))
        train.append(rows[:cut])
        held.append(rows[cut:])
    return np.concatenate(train), np.concatenate(held)


def cell_bits(rows, symmetry=None):
    """Each row's cells as [rows, 2, 256] booleans (mover's, other's), optionally moved by a symmetry."""
    words = np.ascontiguousarray(rows['cells']).view(np.uint8).reshape(len(rows), 2, 32)
    bits = np.unpackbits(words, axis=2, bitorder='little').astype(bool)
    if symmetry is not None:
        # A cell's bit moves to where the symmetry sends the cell.
        where = SYMMETRY[rows['side'], symmetry]
        moved = np.zeros_like(bits)
        r = np.arange(len(rows))[:, None]
        for p in range(2):
            moved[r, p, where] = bits[:, p, :]
        bits = moved
    return bits


def batch_inputs(rows, symmetry=None):
    """EmbeddingBag inputs and offsets, plus the dense terms, for a batch of rows."""
    bits = cell_bits(rows, symmetry)
    row, whose, cell = np.nonzero(bits)
    side = rows['side'].astype(np.int64)
    exact = EXACT[side[row], cell] + whose * ALL_CELLS
    klass = CLASS[side[row], cell] + whose * PLACE_CLASSES
    board = np.array([board_input(s, m) for s, m in zip(rows['side'], rows['mode'])], dtype=np.int64)
    per_row = np.bincount(row, minlength=len(rows)) * 2 + 1
    order_row = np.concatenate([row, row, np.arange(len(rows))])
    values = np.concatenate([exact, klass, board])
    order = np.argsort(order_row, kind='stable')
    offsets = np.concatenate([[0], np.cumsum(per_row)[:-1]])
    taken = bits.sum(axis=(1, 2))
    area = side * side
    bucket = np.minimum(taken * FILL_BUCKETS // area, FILL_BUCKETS - 1)
    head = rows['mode'].astype(np.int64) * FILL_BUCKETS + bucket
    ratio = np.clip(np.round(rows['ratio'].astype(np.float64) * RATIO_STEPS), -RATIO_CLAMP, RATIO_CLAMP)
    return (torch.from_numpy(values[order]), torch.from_numpy(offsets), torch.from_numpy(head),
            torch.from_numpy(ratio).float(), torch.from_numpy(rows['room'].astype(np.float32)))


class Net(torch.nn.Module):
    def __init__(self, learned=True, cell_init='zero'):
        super().__init__()
        self.learned = learned
        self.columns = torch.nn.EmbeddingBag(INPUTS, HIDDEN, mode='sum')
        torch.nn.init.normal_(self.columns.weight, 0.0, 0.03)
        with torch.no_grad():
            # A cell of a size never played in training adds nothing: its place class speaks for it.
            # (The first round's net was trained with them random, `--cell-init random`.)
            if cell_init == 'zero':
                self.columns.weight[:2 * ALL_CELLS] = 0.0
            for s in range(MIN_SIDE, MAX_SIDE + 1):
                for m in range(3):
                    self.columns.weight[board_input(s, m)] = 0.5
        self.heads = torch.nn.Parameter(torch.zeros(HEADS, HIDDEN))
        self.ratio = torch.nn.Parameter(torch.full((HEADS,), 0.5 / RATIO_STEPS))
        self.room = torch.nn.Parameter(torch.full((HEADS,), 0.1))
        self.bias = torch.nn.Parameter(torch.zeros(HEADS))

    def forward(self, values, offsets, head, ratio, room):
        out = self.ratio[head] * ratio + self.room[head] * room + self.bias[head]
        if self.learned:
            x = torch.clamp(self.columns(values, offsets), 0.0, 1.0)
            out = out + (x * self.heads[head]).sum(1)
        return out


def targets(rows):
    return torch.from_numpy(rows['result'].astype(np.float32) / 2.0)


def measure(model, rows, batch=16384):
    """Log-loss and accuracy (a draw counts as right when the value is near even) on rows."""
    model.eval()
    losses, right = 0.0, 0.0
    with torch.no_grad():
        for i in range(0, len(rows), batch):
            part = rows[i:i + batch]
            out = model(*batch_inputs(part))
            z = targets(part)
            losses += torch.nn.functional.binary_cross_entropy_with_logits(out, z, reduction='sum').item()
            p = torch.sigmoid(out)
            right += ((p > 0.5) & (z == 1)).sum().item() + ((p < 0.5) & (z == 0)).sum().item()
            right += (z == 0.5).float().sum().item() * 0.5
    model.train()
    return losses / len(rows), right / len(rows)


def fit(model, train, held, epochs, seed, lr, log):
    rng = np.random.default_rng(seed)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    steps = epochs * math.ceil(len(train) / 8192)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=lr, total_steps=steps)
    for epoch in range(epochs):
        start = time.time()
        order = rng.permutation(len(train))
        for i in range(0, len(train), 8192):
            part = train[np.sort(order[i:i + 8192])]
            symmetry = rng.integers(0, 8, size=len(part))
            out = model(*batch_inputs(part, symmetry))
            loss = torch.nn.functional.binary_cross_entropy_with_logits(out, targets(part))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        held_loss, held_accuracy = measure(model, held)
        log(f'epoch {epoch + 1}: held-out log-loss {held_loss:.4f}, accuracy {held_accuracy:.4f} '
            f'({time.time() - start:.0f} s)')


def quantise(model):
    q = lambda t, scale, dtype: np.clip(np.round(t.detach().numpy() * scale), np.iinfo(dtype).min,
                                        np.iinfo(dtype).max).astype(dtype)
    return dict(
        columns=q(model.columns.weight, ACTIVATION_ONE, np.int16),
        heads=q(model.heads, OUTPUT_ONE, np.int16),
        ratio_weights=q(model.ratio, ACTIVATION_ONE * OUTPUT_ONE, np.int32),
        room_weights=q(model.room, ACTIVATION_ONE * OUTPUT_ONE, np.int32),
        biases=q(model.bias, ACTIVATION_ONE * OUTPUT_ONE, np.int32),
    )


def integer_value(net, row):
    """The engine's integer value of one row (Net::raw_value), computed here from the quantised net."""
    side, mode = int(row['side']), int(row['mode'])
    bits = cell_bits(np.array([row]))[0]
    acc = net['columns'][board_input(side, mode)].astype(np.int64)
    for whose in range(2):
        for cell in np.nonzero(bits[whose])[0]:
            acc = acc + net['columns'][EXACT[side, cell] + whose * ALL_CELLS]
            acc = acc + net['columns'][CLASS[side, cell] + whose * PLACE_CLASSES]
    head = mode * FILL_BUCKETS + fill_bucket(int(bits.sum()), side * side)
    x = np.clip(acc, 0, ACTIVATION_ONE)
    # Rust rounds half away from zero; the log ratios here are f32, as the engine's are not, so the
    # known positions are chosen where both agree (see known_values).
    ratio = int(max(-RATIO_CLAMP, min(RATIO_CLAMP, math.floor(abs(float(row['ratio'])) * RATIO_STEPS + 0.5)
                                      * (1 if row['ratio'] >= 0 else -1))))
    return int((x * net['heads'][head].astype(np.int64)).sum() + int(net['ratio_weights'][head]) * ratio
               + int(net['room_weights'][head]) * int(row['room']) + int(net['biases'][head]))


def known_values(net, held, count=24, seed=7):
    """Positions of several sizes with the net's exact integer value, for the engine's tests."""
    rng = np.random.default_rng(seed)
    chosen = []
    for side in sorted(set(held['side'].tolist())):
        rows = held[held['side'] == side]
        for row in rows[rng.choice(len(rows), size=min(len(rows), count // 4), replace=False)]:
            # Skip a log ratio within a hair of a sixteenth's half, where f32 and f64 might round apart.
            frac = abs(float(row['ratio'])) * RATIO_STEPS % 1.0
            if abs(frac - 0.5) < 1e-3:
                continue
            mover, other = cell_bits(np.array([row]))[0]
            cells = lambda bits: ','.join(str(int(c)) for c in np.nonzero(bits)[0]) or '-'
            chosen.append(f'{side} {int(row["mode"])} {integer_value(net, row)} {cells(mover)} {cells(other)}')
    return chosen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', required=True, nargs='+', help='folders of self-play rows (*.bin)')
    parser.add_argument('--out', required=True)
    parser.add_argument('--epochs', type=int, default=4)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--lr', type=float, default=3e-3)
    parser.add_argument('--limit', type=int, default=0, help='use at most this many training rows')
    parser.add_argument('--cell-init', choices=('zero', 'random'), default='zero',
                        help="each board cell's columns start at zero or small random values")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    summary = []

    def log(line):
        print(line, flush=True)
        summary.append(line)

    train, held = load(args.data)
    if args.limit and len(train) > args.limit:
        train = train[np.sort(np.random.default_rng(args.seed).choice(len(train), args.limit, replace=False))]
    sizes = {int(s): int((train['side'] == s).sum()) for s in np.unique(train['side'])}
    log(f'rows: {len(train)} to train, {len(held)} held out; by side: {sizes}')
    log(f'first player wins {np.mean(held["result"][held["mover"] == 0] == 2):.3f} of held-out positions '
        f'with the first player to move')
    classic = Net(learned=False)
    fit(classic, train, held, 1, args.seed, args.lr, lambda line: log('classic terms refit, ' + line))
    model = Net(cell_init=args.cell_init)
    fit(model, train, held, args.epochs, args.seed, args.lr, log)
    net = quantise(model)
    write_net(os.path.join(args.out, 'net.bin'), **net)
    quantised = Net()
    with torch.no_grad():
        quantised.columns.weight.copy_(torch.from_numpy(net['columns'] / ACTIVATION_ONE))
        quantised.heads.copy_(torch.from_numpy(net['heads'] / OUTPUT_ONE))
        for name in ('ratio', 'room', 'bias'):
            key = {'ratio': 'ratio_weights', 'room': 'room_weights', 'bias': 'biases'}[name]
            getattr(quantised, name).copy_(torch.from_numpy(net[key] / (ACTIVATION_ONE * OUTPUT_ONE)))
    for side in sorted(set(held['side'].tolist())):
        part = held[held['side'] == side]
        c_loss, c_acc = measure(classic, part)
        q_loss, q_acc = measure(quantised, part)
        log(f'held-out {side}x{side} ({len(part)} rows): classic terms log-loss {c_loss:.4f} accuracy {c_acc:.4f}; '
            f'quantised net log-loss {q_loss:.4f} accuracy {q_acc:.4f}')
    with open(os.path.join(args.out, 'known-values.txt'), 'w') as f:
        f.write('# side mode value mover-cells other-cells: the net\'s integer value for the mover to move\n')
        f.write('\n'.join(known_values(net, held)) + '\n')
    with open(os.path.join(args.out, 'training-log.txt'), 'w') as f:
        f.write('\n'.join(summary) + '\n')


if __name__ == '__main__':
    main()
