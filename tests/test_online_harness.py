"""The online suite's own machinery, without a browser: which real runtime it uses (or why it
skips), where its evidence goes, and what the evidence files say."""

from __future__ import annotations

import json
import re

import pytest
from evidence import EVIDENCE_ENV, STANDIN_WARNING, Evidence, evidence_root
from gamepage import REQUIRE_ENV, RUNTIME_ENV, Runtime, real_runtime_source
from webtools import ROOT, load_web_module, serving

mirror_runtime = load_web_module("mirror_runtime")
PUBLIC = "https://cdn.invalid/cdn/0.9.3/"  # never reached: a name that cannot resolve


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in (RUNTIME_ENV, REQUIRE_ENV, EVIDENCE_ENV):
        monkeypatch.delenv(name, raising=False)


def skip_reason(public: str = PUBLIC) -> str:
    with pytest.raises(pytest.skip.Exception) as skipped:
        real_runtime_source(public)
    return str(skipped.value)


def test_an_unreachable_cdn_skips_with_one_line_naming_it_and_the_way_out():
    reason = skip_reason()
    assert reason.startswith(f"real runtime: cannot reach {PUBLIC}pythons.js (")
    assert RUNTIME_ENV in reason and "make runtime" in reason and "\n" not in reason


def test_required_the_real_runtime_fails_instead_of_skipping(monkeypatch):
    monkeypatch.setenv(REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match=f"real runtime required .{REQUIRE_ENV}=1. but cannot reach"):
        real_runtime_source(PUBLIC)


def test_a_mirrored_runtime_folder_is_packed_into_its_own_build(monkeypatch, tmp_path):
    files = {rel: f"stand-in {rel}".encode() for rel, _why in mirror_runtime.RUNTIME_FILES}
    for rel, body in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(body)
    manifest = {"pygbag": mirror_runtime.PYGBAG, "files": {rel: {"bytes": len(b)} for rel, b in files.items()}}
    (tmp_path / mirror_runtime.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    monkeypatch.setenv(RUNTIME_ENV, str(tmp_path))
    args, cdn, label = real_runtime_source(PUBLIC)
    assert (args, cdn) == (["--runtime", str(tmp_path)], mirror_runtime.CDN_DIR) and str(tmp_path) in label
    (tmp_path / mirror_runtime.RUNTIME_FILES[0][0]).write_bytes(b"cut")
    assert "is missing or incomplete" in skip_reason()


def test_a_runtime_url_is_probed_and_built_against(monkeypatch, tmp_path):
    (tmp_path / "cdn" / "0.9.3").mkdir(parents=True)
    with serving(tmp_path) as url:
        monkeypatch.setenv(RUNTIME_ENV, url + "cdn/0.9.3")
        assert "cannot reach " + url + "cdn/0.9.3/pythons.js (HTTP 404)" in skip_reason()
        (tmp_path / "cdn" / "0.9.3" / "pythons.js").write_text("// the loader", encoding="utf-8")
        assert real_runtime_source(PUBLIC)[:2] == (["--cdn", url + "cdn/0.9.3/"], url + "cdn/0.9.3/")


def test_runtime_files_are_counted_under_the_runtime_sites_cdn_folder():
    assert Runtime("real", "http://127.0.0.1:1/", "https://pygame-web.github.io/cdn/0.9.3/", "x").root == \
        "https://pygame-web.github.io/cdn/"
    assert Runtime("real", "http://127.0.0.1:1/", "cdn/0.9.3/", "x").root == "http://127.0.0.1:1/cdn/"


def test_evidence_never_goes_into_the_repository(monkeypatch, tmp_path):
    assert evidence_root(tmp_path / "fallback") == tmp_path / "fallback"
    monkeypatch.setenv(EVIDENCE_ENV, str(tmp_path / "kept"))
    assert evidence_root(tmp_path / "fallback") == tmp_path / "kept"
    for inside in (ROOT, ROOT / "build" / "evidence"):
        monkeypatch.setenv(EVIDENCE_ENV, str(inside))
        with pytest.raises(ValueError, match="inside the repository"):
            evidence_root(tmp_path)


@pytest.mark.parametrize("standin", [True, False], ids=["stand-in", "real"])
def test_evidence_files_hold_every_figure_and_label_stand_in_ones(tmp_path, standin):
    ev = Evidence(tmp_path, "stand-in" if standin else "real", "the runtime's label", standin)
    ev.browser = "Chromium 150"
    ev.figure("title.first", "time to the title, first visit", 1234.56)
    ev.figure("runtime.bytes", "runtime downloaded", 12.345678, "MB", "9 files")
    ev.figure("title.first", "time to the title, first visit", 1500)  # measured again: replaced
    body = json.loads((tmp_path / "timings.json").read_text(encoding="utf-8"))
    assert body["figures"] == {"title.first": {"what": "time to the title, first visit", "value": 1500.0,
                                               "unit": "ms", "note": ""},
                               "runtime.bytes": {"what": "runtime downloaded", "value": 12.3, "unit": "MB",
                                                 "note": "9 files"}}
    assert (body["runtime"], body["standin"], body["browser"]) == (ev.runtime, standin, "Chromium 150")
    table = (tmp_path / "timings.md").read_text(encoding="utf-8")
    mark = " (stand-in)" if standin else ""
    assert f"| time to the title, first visit | 1500 ms{mark} |  |" in table
    assert f"| runtime downloaded | 12.3 MB{mark} | 9 files |" in table
    assert (STANDIN_WARNING in table) is standin and (body.get("warning") == STANDIN_WARNING) is standin
    assert "Runtime: the runtime's label. Browser: Chromium 150." in table
    assert [ev.shot_path("title").name, ev.shot_path("title").name] == ["01-title.png", "02-title.png"]
    assert (tmp_path / "screenshots").is_dir()


def test_the_checklist_names_every_online_test_and_no_other():
    import ast

    tree = ast.parse((ROOT / "tests" / "test_online.py").read_text(encoding="utf-8"))
    tests = {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
    doc = (ROOT / "docs" / "FIRST-ONLINE-RUN.md").read_text(encoding="utf-8")
    assert set(re.findall(r"`(test_\w+)`", doc)) == tests
    assert len(tests) >= 12
