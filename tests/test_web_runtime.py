"""A self-hosted runtime: mirrored by web/mirror_runtime.py, packed by build --runtime, used by the page.

The real runtime cannot be fetched here.  A stand-in "pygame-web site" is
served on 127.0.0.1: the same paths as https://pygame-web.github.io/, small
files in place of the runtime, and a stand-in ``pythons.js`` that asks for
what pygbag 0.9.3's loader asks for, from the same places (paths under
``config.cdn``, and the package index at the CDN's fixed address, as the
runtime's pep0723 module does), then "starts" the game.  The tests check
that the mirror script fetches exactly the files a build needs, and that the
page built with them requests everything from its own folder, never the CDN.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from webtools import build, load_web_module, new_page, page_cdn, serving

mirror_runtime = load_web_module("mirror_runtime")

WHEELS = {"numpy": "cp312/numpy-2.0.2-cp312-cp312-wasm32_bi_emscripten.whl",
          "pygame": "cp312/pygame_ce-2.5.7-cp312-cp312-wasm32_bi_emscripten.whl"}

STANDIN_PYTHONS_JS = r"""
// Stand-in for pygbag 0.9.3's pythons.js (see tests/test_web_runtime.py).
(async () => {
  const cdn = window.config.cdn;
  const got = [];
  async function need(url) {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    got.push(r.url);
    return r;
  }
  await new Promise((ok, bad) => {  // config.executable, loaded as a script
    const s = document.createElement("script");
    s.src = cdn + "cpython312/main.js"; s.onload = ok; s.onerror = () => bad(new Error("main.js"));
    document.head.appendChild(s);
  });
  await need(cdn + "cpython312/main.wasm");
  await new Promise((ok, bad) => {  // the file packager loads main.data by XMLHttpRequest
    const x = new XMLHttpRequest();
    x.open("GET", cdn + "cpython312/main.data");
    x.onload = () => x.status === 200 ? ok() : bad(new Error("main.data " + x.status));
    x.onerror = () => bad(new Error("main.data"));
    x.send();
  });
  await need(cdn + "cpythonrc.py");
  await import(new URL("../vtx.js", cdn).href);
  await need(new URL("../vt/xterm-addon-image.js", cdn).href);
  await new Promise((ok, bad) => {  // a fixed CDN address through XMLHttpRequest
    const x = new XMLHttpRequest();
    x.open("GET", "https://pygame-web.github.io/cdn/vt/xterm.css");
    x.onload = () => x.status === 200 ? ok() : bad(new Error("xterm.css " + x.status));
    x.onerror = () => bad(new Error("xterm.css"));
    x.send();
  });
  // pep0723: the index at the CDN's fixed address, then each wheel at -CDN- + path
  const index = await (await need("https://pygame-web.github.io/cdn/index-0.9.3-cp312.json")).json();
  for (const pkg of ["numpy", "pygame"]) {
    await need(index["-CDN-"] + index[pkg].replaceAll("<abi>", "cp312").replaceAll("<api>", "wasm32_bi_emscripten"));
  }
  window.__standin = got;
  const canvas = document.getElementById("canvas");
  canvas.getContext("2d").fillRect(0, 0, 960, 540);
  deepisle.loaderStatus("Unpacking the game...");
  deepisle.ready();
})().catch((e) => { window.__standinError = String(e); });
"""


def make_site(root: Path) -> Path:
    """The stand-in pygame-web site: every runtime path, plus files a build does not need."""
    files = {
        "cdn/0.9.3/pythons.js": STANDIN_PYTHONS_JS,
        "cdn/0.9.3/cpython312/main.js": "window.__mainjs = true;\n",
        "cdn/0.9.3/cpython312/main.wasm": "\0asm stand-in",
        "cdn/0.9.3/cpython312/main.data": "stdlib stand-in " * 100,
        "cdn/0.9.3/cpythonrc.py": "# stand-in\n",
        "cdn/vtx.js": 'import "./vt/xterm.js";\nexport const WasmTerminal = "stand-in";\n',
        "cdn/vt/xterm.js": "export const Terminal = 1;\n",
        "cdn/vt/xterm.css": "/* stand-in */\n",
        "cdn/vt/xterm-addon-image.js": "/* stand-in */\n",
        "cdn/index-0.9.3-cp312.json": json.dumps({
            "-CDN-": "https://pygame-web.github.io/cdn/",
            "numpy": "<abi>/numpy-2.0.2-<abi>-<abi>-<api>.whl",
            "pygame": "<abi>/pygame_ce-2.5.7-<abi>-<abi>-<api>.whl",
            "pillow": "<abi>/pillow-10-<abi>-<abi>-<api>.whl",
        }),
        f"cdn/{WHEELS['numpy']}": "numpy wheel stand-in",
        f"cdn/{WHEELS['pygame']}": "pygame-ce wheel stand-in",
        "cdn/cp312/pillow-10-cp312-cp312-wasm32_bi_emscripten.whl": "not needed",
        "cdn/0.9.3/empty.ogg": "not needed with ume_block 0",
    }
    for rel, body in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(body, encoding="utf-8")
    return root


EXPECTED = {rel for rel, _why in mirror_runtime.RUNTIME_FILES} | {f"cdn/{w}" for w in WHEELS.values()}


@pytest.fixture(scope="module")
def mirrored(tmp_path_factory):
    """(mirror folder, paths the mirror script asked the stand-in site for)."""
    site = make_site(tmp_path_factory.mktemp("site"))
    out = tmp_path_factory.mktemp("mirror") / "runtime"
    asked: list[str] = []
    with serving(site, asked) as url:
        assert mirror_runtime.main(["--out", str(out), "--source", url]) == 0
    return out, asked


def test_mirror_fetches_exactly_the_files_a_build_needs(mirrored):
    out, asked = mirrored
    assert sorted(p.lstrip("/") for p in asked) == sorted(EXPECTED)
    manifest = json.loads((out / "runtime.json").read_text(encoding="utf-8"))
    assert manifest["pygbag"] == "0.9.3" and set(manifest["files"]) == EXPECTED
    for rel, meta in manifest["files"].items():
        body = (out / rel).read_bytes()
        assert meta == {"bytes": len(body), "sha256": hashlib.sha256(body).hexdigest()}
    assert not list(out.rglob("*.part"))


def test_mirror_names_what_it_cannot_get(tmp_path, capsys):
    site = make_site(tmp_path / "site")
    index = site / "cdn" / "index-0.9.3-cp312.json"
    index.write_text(json.dumps({"numpy": "x.whl"}), encoding="utf-8")
    with serving(site) as url:
        assert mirror_runtime.main(["--out", str(tmp_path / "a"), "--source", url]) == 1
        assert capsys.readouterr().err.strip().endswith("the package index has no pygame")
        (site / "cdn/vt/xterm.css").unlink()
        assert mirror_runtime.main(["--out", str(tmp_path / "b"), "--source", url]) == 1
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and "cannot download" in err and "cdn/vt/xterm.css" in err


def test_build_refuses_an_incomplete_runtime(mirrored, tmp_path):
    out, _ = mirrored
    broken = tmp_path / "runtime"
    shutil.copytree(out, broken)
    (broken / f"cdn/{WHEELS['numpy']}").write_bytes(b"cut")
    build_module = load_web_module("build")
    with pytest.raises(build_module.BuildError, match=r"numpy-2\.0\.2.*missing or incomplete"):
        build_module.pack_runtime(broken, tmp_path / "web")
    with pytest.raises(build_module.BuildError, match="has no readable runtime.json"):
        build_module.pack_runtime(tmp_path, tmp_path / "web")


@pytest.fixture(scope="module")
def self_hosted(mirrored, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("selfhosted")
    build(out, "--runtime", str(mirrored[0]), "--archive")
    return out / "web"


def test_self_hosted_build_packs_the_runtime_beside_the_page(self_hosted, mirrored):
    page = (self_hosted / "index.html").read_text(encoding="utf-8")
    assert page_cdn(page) == "cdn/0.9.3/"
    assert 'src="cdn/0.9.3/pythons.js"' in page
    for rel in EXPECTED:
        assert (self_hosted / rel).read_bytes() == (mirrored[0] / rel).read_bytes()
    with zipfile.ZipFile(self_hosted.parent / "web.zip") as zf:
        assert EXPECTED <= set(zf.namelist())


def test_page_takes_the_runtime_from_its_own_folder_never_the_cdn(browser, self_hosted):
    with serving(self_hosted) as url:
        context, page = new_page(browser, "https://pygame-web.github.io/cdn/0.9.3/", runtime="offline")
        try:
            page.goto(url + "index.html?mode=demo&demo=island&seed=abc")
            page.wait_for_function("window.deepisle.state === 'ready' || window.__standinError", timeout=15_000)
            assert page.evaluate("window.__standinError || null") is None
            assert page.evaluate("window.__mainjs") is True
            assert page.outside == []  # nothing asked of any other host, the CDN included
            local = {urlsplit(u).path.lstrip("/") for u in page.requests}
            assert EXPECTED <= local
            got = page.evaluate("window.__standin")
            assert all(u.startswith(url + "cdn/") for u in got)
            assert page.evaluate("config.cdn") == url + "cdn/0.9.3/"
            assert page.errors == []
        finally:
            context.close()
