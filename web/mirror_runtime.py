"""Mirror the exact pygbag 0.9.3 runtime files a Deepisle build needs (run on an online machine).

Usage::

    python web/mirror_runtime.py                       # -> build/runtime/
    python web/mirror_runtime.py --out DIR [--source URL]
    python web/build.py --runtime build/runtime        # a build that never uses the CDN

The page normally loads the Python runtime from the pygame-web CDN
(https://pygame-web.github.io/cdn/0.9.3/).  This script copies what a
Deepisle page fetches from there into ``DIR``, with the CDN's own paths, and
writes ``DIR/runtime.json`` (every file, its size and sha256).
``web/build.py --runtime DIR`` checks that manifest and packs the files into
``build/web/cdn/``, for itch.io, intranets or an archive that outlives the CDN.

Which files, and why (read from pygbag 0.9.3: ``app.py`` for the CDN path,
its ``pythons.js`` loader, ``support/cpythonrc.py`` and
``support/cross/aio/pep0723.py`` for packages), is the table
:data:`RUNTIME_FILES` plus one wheel per package in :func:`packages`, looked
up in the runtime's package index exactly as the runtime does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYGBAG = "0.9.3"
PYDIGITS = "312"  # the runtime's CPython 3.12
ABI = f"cp{PYDIGITS}"
API = "wasm32_bi_emscripten"  # the runtime's HOST_GNU_TYPE, as its index paths spell it
SOURCE = "https://pygame-web.github.io/"  # the CDN's site; every path below is relative to it
CDN_DIR = f"cdn/{PYGBAG}/"  # pygbag's default --cdn is SOURCE + CDN_DIR
INDEX = f"cdn/index-{PYGBAG}-{ABI}.json"  # pep0723: f"{repo}index-{pygbag}-{abi}.json"
MANIFEST = "runtime.json"

#: Every runtime file the page fetches, by path under :data:`SOURCE`, with who asks for it.
RUNTIME_FILES: tuple[tuple[str, str], ...] = (
    (f"{CDN_DIR}pythons.js", "the page's <script src=CDN+pythons.js>: the loader"),
    (f"{CDN_DIR}cpython{PYDIGITS}/main.js", "pythons.js: config.executable, the interpreter's glue"),
    (f"{CDN_DIR}cpython{PYDIGITS}/main.wasm", "main.js: the interpreter, fetched beside main.js"),
    (f"{CDN_DIR}cpython{PYDIGITS}/main.data", "pythons.js locateFile: the standard library image"),
    (f"{CDN_DIR}cpythonrc.py", "pythons.js postrun: CDN + interpreter + 'rc.py', run before the page's code"),
    ("cdn/vtx.js", "pythons.js, data-os=vtx: the terminal module"),
    ("cdn/vt/xterm.js", "vtx.js: xterm.js"),
    ("cdn/vt/xterm.css", "vtx.js: xterm.js styles"),
    ("cdn/vt/xterm-addon-image.js", "vtx.js: xterm.js image add-on"),
    (INDEX, "pep0723: the package index, read before the first install"),
)
#: Always installed: ``import pygame`` makes the runtime fetch the pygame-ce wheel.
IMPLICIT_PACKAGES = ("pygame",)
#: pep0723 spells some distributions by their import name.
RENAMED = {"pygame_ce": "pygame", "pygame-ce": "pygame"}


class MirrorError(Exception):
    """A file could not be mirrored; the message names it."""


def packages(main_py: Path) -> list[str]:
    """The index keys this app installs: its PEP 723 dependencies and pygame.

    >>> packages(ROOT / "main.py")
    ['numpy', 'pygame']
    """
    text = main_py.read_text(encoding="utf-8")
    match = re.search(r"(?m)^# /// script\n((?:^#(?: .*)?\n)+)^# ///$", text)
    deps = tomllib.loads("".join(line[2:] + "\n" for line in match.group(1).splitlines())).get(
        "dependencies", []) if match else []
    names = [re.split(r"[<>=!~;\[ ]", dep, maxsplit=1)[0].strip().lower().replace("-", "_") for dep in deps]
    names = [RENAMED.get(name, name) for name in names]
    return sorted(set(names) | set(IMPLICIT_PACKAGES))


def wheel_paths(index: dict, wanted: list[str]) -> list[str]:
    """Paths under :data:`SOURCE` of the wheels for ``wanted``, resolved as pep0723 does
    (``index["-CDN-"] + index[name]``, ``<abi>``/``<api>`` filled in).

    >>> wheel_paths({"-CDN-": SOURCE + "cdn/", "numpy": "<abi>/numpy-2.0.2-<abi>-<abi>-<api>.whl"}, ["numpy"])
    ['cdn/cp312/numpy-2.0.2-cp312-cp312-wasm32_bi_emscripten.whl']
    """
    base = index.get("-CDN-", SOURCE + "cdn/")
    base = base if base.endswith("/") else base + "/"
    if not base.startswith(SOURCE):
        raise MirrorError(f"the index's -CDN- {base!r} is not under {SOURCE}; the page cannot redirect it")
    missing = [name for name in wanted if name not in index]
    if missing:
        raise MirrorError(f"the package index has no {', '.join(missing)}")
    paths = []
    for name in wanted:
        rel = (base + index[name].replace("<abi>", ABI).replace("<api>", API))[len(SOURCE):]
        if ".." in rel.split("/") or not rel.endswith(".whl"):
            raise MirrorError(f"unexpected wheel path for {name}: {rel!r}")
        paths.append(rel.lstrip("/"))
    return paths


def fetch(url: str, timeout: float) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.read()
    except (urllib.error.URLError, OSError) as exc:
        raise MirrorError(f"cannot download {url}: {getattr(exc, 'reason', exc)}") from None


def mirror(out: Path, source: str = SOURCE, main_py: Path = ROOT / "main.py", timeout: float = 120.0) -> dict:
    """Download every runtime file and wheel into ``out``; write and return the manifest."""
    source = source if source.endswith("/") else source + "/"
    files: dict[str, dict] = {}

    def get(rel: str) -> None:
        body = fetch(source + rel, timeout)
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(target.name + ".part")
        part.write_bytes(body)
        part.replace(target)
        files[rel] = {"bytes": len(body), "sha256": hashlib.sha256(body).hexdigest()}
        print(f"  {len(body):>10,}  {rel}", flush=True)

    for rel, _why in RUNTIME_FILES:
        get(rel)
    try:
        index = json.loads((out / INDEX).read_bytes())
    except ValueError:
        raise MirrorError(f"{source + INDEX} is not JSON") from None
    for rel in wheel_paths(index, packages(main_py)):
        get(rel)
    manifest = {"pygbag": PYGBAG, "source": source, "cdn": CDN_DIR, "files": files}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def check(folder: Path) -> dict:
    """The manifest of a mirrored runtime folder, after checking every file is there whole."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise MirrorError(f"{folder} has no readable {MANIFEST}: make it with web/mirror_runtime.py") from None
    if manifest.get("pygbag") != PYGBAG:
        raise MirrorError(f"{folder} holds the pygbag {manifest.get('pygbag')} runtime; this build needs {PYGBAG}")
    for rel, _why in RUNTIME_FILES:
        if rel not in manifest.get("files", {}):
            raise MirrorError(f"{folder}/{MANIFEST} does not list {rel}")
    for rel, meta in manifest["files"].items():
        path = folder / rel
        if ".." in Path(rel).parts or not path.is_file() or path.stat().st_size != meta["bytes"]:
            raise MirrorError(f"{path} is missing or incomplete: mirror the runtime again")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=f"Mirror the pygbag {PYGBAG} runtime files a Deepisle page needs.")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "runtime", help="folder (default build/runtime)")
    parser.add_argument("--source", default=SOURCE, help=f"the site to copy from (default {SOURCE})")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per file (default 120)")
    args = parser.parse_args(argv)
    print(f"mirroring the pygbag {PYGBAG} runtime from {args.source} into {args.out}")
    try:
        manifest = mirror(args.out, args.source, timeout=args.timeout)
    except MirrorError as exc:
        print(f"web/mirror_runtime.py: error: {exc}", file=sys.stderr)
        return 1
    total = sum(meta["bytes"] for meta in manifest["files"].values())
    print(f"{len(manifest['files'])} files, {total:,} bytes; build with: python web/build.py --runtime {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
