"""A blogger's posters stay: every poster asked for (``make embed``, ``web/build.py --embed``) is kept in
the embeds list and drawn by every later build; a poster no embed asks for any more is named, never
dropped silently; arguments, embeds and the port are refused in one line before ``build/web`` is
touched; the web scripts say in one line when run without the project's environment."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from webtools import ROOT, build, load_web_module, run_make

embeds = load_web_module("embeds")
build_module = load_web_module("build")

QUERY = "mode=demo&demo=rooms&seed=blog&ui=0"
SITE = "https://me.github.io/isle/"


@pytest.fixture
def listed(tmp_path) -> Path:
    """A copy of the committed list (web/embeds.txt), so the tests never change the real one."""
    path = tmp_path / "embeds.txt"
    path.write_text(embeds.LIST.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def poster_of(query: str) -> str:
    return embeds.poster_path(embeds.demo_settings(query))


# ------------------------------------------------------------- posters that stay ----

def test_a_poster_made_with_build_embed_is_on_every_later_build(tmp_path, listed):
    out = tmp_path / "out"
    first = build(out, "--list", str(listed), "--embed", QUERY, "--site", SITE)
    assert embeds.snippet(QUERY, poster_of(QUERY), SITE) in first.stdout
    assert QUERY in embeds.committed(listed) and f"kept in {listed.name}: {QUERY}" in first.stdout
    again = build(out, "--list", str(listed))  # what the next `make serve` runs
    assert (out / "web" / poster_of(QUERY)).is_file()
    assert "note:" not in again.stderr


def test_make_embed_keeps_the_query_draws_the_poster_and_prints_the_code(tmp_path, listed, capsys):
    web = tmp_path / "web"
    assert embeds.main(["add", QUERY, "--list", str(listed), "--web", str(web), "--site", SITE]) == 0
    said = capsys.readouterr().out
    assert f"poster: {web / poster_of(QUERY)}" in said and embeds.snippet(QUERY, poster_of(QUERY), SITE) in said
    assert f"added to {listed}" in said and (web / poster_of(QUERY)).is_file()
    assert embeds.committed(listed)[-1] == QUERY
    # The same map spelled another way is the same poster: kept once.
    assert embeds.main(["add", "demo=rooms&seed=blog&ui=1&w=79", "--list", str(listed), "--web", str(web)]) == 0
    assert f"already in {listed}" in capsys.readouterr().out
    assert embeds.committed(listed).count(QUERY) == 1 and len(embeds.committed(listed)) == 6


def test_make_embed_runs_add_with_the_query_and_site(tmp_path):
    make = run_make("-n", "embed", f"Q={QUERY}", f"SITE={SITE}")
    assert make.returncode == 0
    assert make.stdout.splitlines()[-1].endswith(f'web/embeds.py add "{QUERY}" --site "{SITE}"')


def test_a_poster_no_embed_asks_for_any_more_is_named_not_dropped_silently(tmp_path, listed):
    out = tmp_path / "out"
    build(out, "--list", str(listed), "--embed", QUERY)
    listed.write_text(listed.read_text(encoding="utf-8").replace(QUERY + "\n", ""), encoding="utf-8")
    later = build(out, "--list", str(listed))
    assert not (out / "web" / poster_of(QUERY)).exists()
    [note] = [line for line in later.stderr.splitlines() if line.startswith("note:")]
    assert Path(poster_of(QUERY)).name in note and "make embed" in note


# --------------------------------------------------------- refused before a build ----

@pytest.mark.parametrize("argv, message", [
    (["--embed", "mode=demo&demo=cavern&seed=x"], "embed 'mode=demo&demo=cavern&seed=x': demo: invalid choice"),
    (["--embed", "mode=demo&demo=rooms"], "a poster needs a seed (seed=...)"),
    (["--embed", "mode=demo&demo=rooms&seed=x&w=3"], "rooms size must be 20..400 x 12..400; got 3x29"),
    (["--embed", "mode=demo&demo=rooms&seed=x&p.loops=99"], "loops must be in 0.0..50.0; got 99.0"),
    (["--embed", QUERY, "--site", "ftp://me"], "--site must be the published folder's address"),
    (["--site", SITE], "--site fills in the address of --embed's printed code: add --embed or drop --site"),
    (["--port", "8001"], "--port is the port of --serve: add --serve or drop --port"),
    (["--serve", "--port", "70000"], "argument --port: must be 0..65535; got 70000"),
    (["--timeout", "0"], "argument --timeout: expected seconds, 1..3600"),
    (["--runtime", "nowhere", "--cdn", "https://x/"], "--runtime packs the runtime into the page's own cdn/"),
    (["--runtime", "nowhere"], "--runtime: "),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_a_bad_argument_or_embed_is_one_line_before_build_web_is_touched(tmp_path, listed, capsys, argv, message):
    out = tmp_path / "out"
    (out / "web").mkdir(parents=True)
    (out / "web" / "kept.txt").write_text("the last build", encoding="utf-8")
    listed_before = listed.read_text(encoding="utf-8")
    assert build_module.main(["--out", str(out), "--list", str(listed), *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("web/build.py: error: ") and message in err, err
    assert sorted(p.name for p in out.rglob("*")) == ["kept.txt", "web"]  # nothing staged, nothing wiped
    assert listed.read_text(encoding="utf-8") == listed_before


def test_a_bad_line_in_the_list_is_refused_before_the_build(tmp_path, listed, capsys):
    listed.write_text(listed.read_text(encoding="utf-8") + "mode=demo&demo=rooms&seed=x&w=3\n", encoding="utf-8")
    assert build_module.main(["--out", str(tmp_path / "out"), "--list", str(listed)]) == 2
    assert "rooms size must be" in capsys.readouterr().err and not (tmp_path / "out").exists()


def test_a_busy_port_is_refused_before_the_build_and_a_free_one_is_held(tmp_path, listed, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert build_module.main(["--out", str(tmp_path / "out"), "--list", str(listed), "--serve",
                                  "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"web/build.py: error: cannot serve on 127.0.0.1:{port}: ") and len(err.splitlines()) == 1
    assert "make serve PORT=8001, or PORT=0" in err and not (tmp_path / "out").exists()
    held = build_module.bind(0)
    try:
        with socket.socket() as other, pytest.raises(OSError):
            other.bind(("127.0.0.1", held.server_address[1]))  # from the check on, the port is the build's
    finally:
        held.server_close()


@pytest.mark.parametrize("query", [
    "mode=demo&demo=cavern&seed=x", "mode=demo&demo=rooms&seed=x&stage=zz", "mode=demo&demo=rooms&seed=x&ui=2",
    "mode=demo&demo=rooms&seed=x&w=abc", "mode=demo&demo=rooms&seed=x&p.nope=1", "mode=demo&demo=rooms&seed=x&foo=1",
    "mode=demo&demo=rooms&seed=x&p.loops=abc", "mode=demo&demo=rooms&seed=%20x", "mode=demo&demo=rooms",
    "mode=play&world=x", "mode=demo&demo=rooms&seed=x&seed=y", "mode=demo&demo=rooms&seed=" + "a" * 201,
])
def test_a_refusal_names_the_problem_and_never_what_the_game_would_show_instead(query):
    with pytest.raises(embeds.EmbedError) as refused:
        embeds.demo_settings(query)
    said = str(refused.value)
    assert len(said.splitlines()) == 1 and said.startswith(f"embed {query[:100]!r}: ")
    for correction in ("showing", "using", "rolling", "ignored"):
        assert correction not in said, said


# ------------------------------------------------------ the project's environment ----

def test_the_web_scripts_run_from_any_folder_with_the_project_environment(tmp_path, listed):
    done = subprocess.run([sys.executable, str(ROOT / "web" / "embeds.py"), "add", QUERY, "--list", str(listed),
                           "--web", str(tmp_path / "web")], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "web" / poster_of(QUERY)).is_file()


@pytest.mark.parametrize("script", ["embeds.py", "build.py"])
def test_a_python_without_numpy_is_told_in_one_line_to_use_the_project_environment(tmp_path, script):
    """``python -S``: this Python without its site-packages, as a system Python without numpy is."""
    done = subprocess.run([sys.executable, "-S", str(ROOT / "web" / script), "--help"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"web/{script}: error: ") and "lacks numpy" in line and "project's environment" in line
