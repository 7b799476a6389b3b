"""A table looked up per cell: ``table[tiles]``, fast on byte maps."""

from __future__ import annotations

import numpy as np

__all__ = ["lookup"]


def lookup(table: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """``table[keys]``: a new array of ``keys``' shape.

    A ``uint8`` table of 256 entries over ``uint8`` keys (a tile map) goes
    through ``bytearray.translate``, one byte pass: 3-4x faster natively than
    ``table.take(keys)``, which first widens every key to a 64-bit index.
    Any other table or key type is a plain ``take``.

    >>> table = np.arange(256, dtype=np.uint8) * 10
    >>> lookup(table, np.array([[2, 1], [0, 2]], np.uint8)).tolist()
    [[20, 10], [0, 20]]
    """
    if table.dtype != np.uint8 or keys.dtype != np.uint8 or table.size != 256:
        return table.take(keys)
    data = bytearray(np.ascontiguousarray(keys)).translate(table.tobytes())
    return np.frombuffer(data, dtype=np.uint8).reshape(keys.shape)
