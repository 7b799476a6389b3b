"""worldgen.core.files: a file is written whole or not at all, through a temporary file beside it."""

import pytest

from worldgen.core import files


def test_a_taken_temporary_name_is_tried_again_and_the_tries_are_bounded(tmp_path, monkeypatch):
    draws = iter([b"\x00" * 6, b"\x00" * 6, b"\x01" * 6])
    monkeypatch.setattr(files.os, "urandom", lambda n: next(draws))
    (tmp_path / f".m.txt.{'00' * 6}{files.TEMP_SUFFIX}").write_bytes(b"someone else's")
    files.write_text(tmp_path / "m.txt", "map")  # the first two names are taken: the third is used
    assert (tmp_path / "m.txt").read_text() == "map"
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".m.txt.{'00' * 6}.part", "m.txt"]
    monkeypatch.setattr(files.os, "urandom", lambda n: b"\x00" * n)
    with pytest.raises(FileExistsError, match="no free temporary name"):
        files.write_text(tmp_path / "m.txt", "never")
    assert (tmp_path / "m.txt").read_text() == "map"


def test_ctrl_c_mid_write_leaves_the_older_file(tmp_path):
    (tmp_path / "m.txt").write_text("older")
    with pytest.raises(KeyboardInterrupt):
        with files.atomic_file(tmp_path / "m.txt") as fh:
            fh.write(b"half")
            raise KeyboardInterrupt
    assert [p.name for p in tmp_path.iterdir()] == ["m.txt"] and (tmp_path / "m.txt").read_text() == "older"
