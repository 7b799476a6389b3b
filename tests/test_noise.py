"""worldgen.noise: the all-at-once path (small maps) gives the banded path's bytes."""

import numpy as np
import pytest

from worldgen import noise
from worldgen.registry import Progress
from worldgen.steps import finish_with_events


def banded(monkeypatch, seed, w, h, octaves, divisor):
    with monkeypatch.context() as m:
        m.setattr(noise, "_AT_ONCE_CELLS", 0)
        steps = noise.noise_steps(np.random.default_rng(seed), w, h, octaves, divisor)
        return finish_with_events(steps)


@pytest.mark.parametrize("w,h", [(88, 32), (16, 16), (17, 93), (200, 120), (1024, 16)])
@pytest.mark.parametrize("octaves,divisor", [(1, 2.0), (8, 2.0), (12, 0.25), (5, 7.3), (8, 64.0)])
def test_at_once_is_the_banded_sum_byte_for_byte(monkeypatch, w, h, octaves, divisor):
    for seed in range(3):
        slow, events = banded(monkeypatch, seed, w, h, octaves, divisor)
        assert events and all(isinstance(e, Progress) and e.stage == "noise" for e in events)
        fast = noise.fractal_noise(np.random.default_rng(seed), w, h, octaves, divisor)
        assert fast.dtype == np.float32 and fast.shape == (h, w)
        assert fast.tobytes() == slow.tobytes()


def test_small_maps_take_the_at_once_path_and_large_ones_yield():
    small = noise.noise_steps(np.random.default_rng(1), 88, 32, 8, 2.0)
    with pytest.raises(StopIteration):
        next(small)  # no Progress: one step
    large = noise.noise_steps(np.random.default_rng(1), 512, 512, 8, 2.0)
    assert isinstance(next(large), Progress)


def test_kept_octaves_skip_those_finer_than_a_tile():
    assert [o for o, _, _ in noise._kept(88, 32, 8, 2.0)] == [0, 1, 2, 3, 4, 5]
    assert [o for o, _, _ in noise._kept(4, 4, 3, 64.0)] == [0]  # the lowest octave always runs
