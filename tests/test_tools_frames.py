"""game.tools.frames: the worst-frame figure of docs/BENCHMARKS.md, through the real loop."""

import pytest

from game.tools import frames
from worldgen.generators.world import DUNGEON_SIZES


def test_goes_down_every_level_of_each_style_and_reports_the_worst_frame():
    found = frames.worst_frames("small", "Framewatch")
    assert set(found) == set(frames.STYLES)
    for style, (ms, levels) in found.items():
        assert levels == DUNGEON_SIZES["small"].levels, style  # every level was built and entered
        assert 0.0 < ms < 10_000  # measured (a hang guard, not a timing test)


def test_an_unknown_size_is_refused_with_usage(capsys):
    with pytest.raises(SystemExit) as stop:
        frames.main(["huge"])
    assert stop.value.code == 2 and "invalid choice: 'huge'" in capsys.readouterr().err
