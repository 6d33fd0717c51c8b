"""Writes a quantised net in the engine's format (engine-rs/src/ai/nnue/mod.rs, Net::parse)."""
import struct
import numpy as np
from features import HIDDEN, INPUTS, FILL_BUCKETS

ACTIVATION_ONE = 255
OUTPUT_ONE = 64
HEADS = 3 * FILL_BUCKETS


def write_net(path, columns, heads, ratio_weights, room_weights, biases):
    """columns: INPUTS×HIDDEN int16; heads: HEADS×HIDDEN int16; the rest HEADS int32."""
    columns = np.asarray(columns, dtype='<i2')
    heads = np.asarray(heads, dtype='<i2')
    assert columns.shape == (INPUTS, HIDDEN) and heads.shape == (HEADS, HIDDEN)
    with open(path, 'wb') as f:
        f.write(b'CCNN')
        f.write(struct.pack('<4I', 1, HIDDEN, INPUTS, FILL_BUCKETS))
        f.write(columns.tobytes())
        f.write(heads.tobytes())
        for ints in (ratio_weights, room_weights, biases):
            f.write(np.asarray(ints, dtype='<i4').reshape(HEADS).tobytes())


if __name__ == '__main__':
    import sys
    write_net(sys.argv[1], np.zeros((INPUTS, HIDDEN)), np.zeros((HEADS, HIDDEN)),
              np.zeros(HEADS), np.zeros(HEADS), np.zeros(HEADS))
