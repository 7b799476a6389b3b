"""Build the browser version of Deepisle with pygbag, offline.

Usage (from anywhere; paths are relative to the repository)::

    python web/build.py                      # -> build/web/
    python web/build.py --serve [--port 8000] # build, then serve on 127.0.0.1
    python web/build.py --archive            # also build/web.zip (itch.io upload)

What it does:

1. Stages a lean copy of the app (``main.py``, ``game/``, ``worldgen/``; no
   tests, caches, virtualenvs or build output) in ``build/stage/deepisle``:
   pygbag packs whatever folder it is given, and may rewrite it.
2. Runs ``pygbag --build`` on that copy with our template (``web/index.html``)
   and icon (``web/favicon.png``), both as local files.  pygbag downloads a
   template or icon only when the path given is not a local file (and then
   retries forever when offline); this script passes absolute local paths
   and, in the pygbag process, replaces pygbag's downloader by one that fails
   at once, so a build can never hang on the network.  ``black`` is hidden
   from that process too (pygbag reformats the sources with it when it is
   importable).
3. Copies the page, the icon, the packed game (``deepisle.tar.gz``, which the
   page unpacks, and pygbag's ``deepisle.apk``) and ``web/embed-example.html``
   into ``build/web``.

The page itself loads the Python runtime from the pygame-web CDN at run time;
nothing from the CDN is needed to build.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
APP_NAME = "deepisle"  # pygbag names the archive after the staged folder
TITLE = "Deepisle"
WIDTH, HEIGHT = 960, 540  # the game's fixed window
APP_SOURCES = ("main.py", "game", "worldgen")
PAGE_FILES = ("index.html", "favicon.png", f"{APP_NAME}.tar.gz", f"{APP_NAME}.apk")
EXTRA_FILES = ("embed-example.html",)
SKIP_NAMES = ("__pycache__", "*.pyc", "*.pyo", ".*", "tests", "build")

# Runs inside the pygbag process: no downloads, no black, then pygbag's CLI.
RUNNER = """\
import runpy, sys
sys.modules["black"] = None  # pygbag reformats the sources when black imports
import pygbag.web

def refuse_download(url, path):
    raise RuntimeError(f"offline build: refusing to download {url}")

pygbag.web.get = refuse_download
sys.argv = ["pygbag", *sys.argv[1:]]
runpy.run_module("pygbag", run_name="__main__")
"""


class BuildError(Exception):
    """A build step failed; the message says which and what to do."""


def check_sources() -> None:
    missing = [name for name in APP_SOURCES if not (ROOT / name).exists()]
    missing += [f"web/{name}" for name in ("index.html", "favicon.png", *EXTRA_FILES) if not (WEB / name).is_file()]
    if missing:
        raise BuildError("missing source files: " + ", ".join(missing))
    head = (ROOT / "main.py").read_text(encoding="utf-8")[:2000]
    if "# /// script" not in head or "numpy" not in head:
        raise BuildError("main.py needs a PEP 723 block listing numpy at the top "
                         "(the browser installs numpy only when main.py declares it)")
    try:
        from importlib.metadata import PackageNotFoundError, version
        found = version("pygbag")
    except PackageNotFoundError:
        raise BuildError(f"pygbag is not installed for {sys.executable} (pip install pygbag==0.9.3)") from None
    if found != "0.9.3":
        print(f"warning: pygbag {found} found; web/index.html is written for pygbag 0.9.3", file=sys.stderr)


def stage_app(stage_root: Path) -> Path:
    """Copy the app into ``stage_root/deepisle`` and return that folder."""
    if stage_root.exists():
        shutil.rmtree(stage_root)
    app = stage_root / APP_NAME
    app.mkdir(parents=True)
    ignore = shutil.ignore_patterns(*SKIP_NAMES)
    for name in APP_SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, app / name, ignore=ignore)
        else:
            shutil.copy2(src, app / name)
    # an explicit, empty ignore list (pygbag reads pygbag.ini from its working directory)
    (stage_root / "pygbag.ini").write_text("[DEPENDENCIES]\nignoreDirs = []\nignoreFiles = []\n", encoding="utf-8")
    return app


def run_pygbag(app: Path, archive: bool, cdn: str | None, timeout: float, log_path: Path) -> None:
    args = [
        "--build",
        "--template", str(WEB / "index.html"),
        "--icon", str(WEB / "favicon.png"),
        "--ume_block", "0",
        "--can_close", "1",
        "--app_name", APP_NAME,
        "--title", TITLE,
        "--width", str(WIDTH),
        "--height", str(HEIGHT),
        "--no_opt",
    ]
    if cdn:
        args += ["--cdn", cdn if cdn.endswith("/") else cdn + "/"]
    if archive:
        args.append("--archive")
    args.append(str(app))  # pygbag takes the app folder as the last argument
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONUTF8="1")
    with open(log_path, "w", encoding="utf-8") as log:
        try:
            proc = subprocess.run([sys.executable, "-c", RUNNER, *args], cwd=app.parent, env=env,
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            raise BuildError(f"pygbag did not finish within {timeout:.0f} s; see {log_path}") from None
    if proc.returncode != 0:
        tail = log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        raise BuildError(f"pygbag failed (exit {proc.returncode}); last lines of {log_path}:\n  "
                         + "\n  ".join(tail))


def collect(app: Path, out_web: Path, archive: bool, log_path: Path) -> list[Path]:
    built = app / "build" / "web"
    missing = [name for name in PAGE_FILES if not (built / name).is_file()]
    if missing:
        raise BuildError(f"pygbag did not produce {', '.join(missing)} in {built}; see {log_path}")
    page = (built / "index.html").read_text(encoding="utf-8")
    if "{{cookiecutter" in page:
        raise BuildError("index.html still has {{cookiecutter...}} markers: a template key pygbag does not know")
    if out_web.exists():
        shutil.rmtree(out_web)
    out_web.mkdir(parents=True)
    written = []
    for name in PAGE_FILES:
        written.append(Path(shutil.copy2(built / name, out_web / name)))
    for name in EXTRA_FILES:
        written.append(Path(shutil.copy2(WEB / name, out_web / name)))
    if archive:
        written.append(make_zip(built.parent / "web.zip", out_web))
    return written


def make_zip(pygbag_zip: Path, out_web: Path) -> Path:
    """pygbag's itch.io zip, completed with what our page needs beside it.

    pygbag 0.9.3 zips index.html, favicon.png and the .apk; the page unpacks
    the .tar.gz, so that (and the embed example) is added here."""
    if not pygbag_zip.is_file():
        raise BuildError(f"pygbag --archive did not produce {pygbag_zip}")
    target = out_web.parent / "web.zip"
    shutil.copy2(pygbag_zip, target)
    with zipfile.ZipFile(target, "a", compression=zipfile.ZIP_DEFLATED) as zf:
        present = set(zf.namelist())
        for name in (f"{APP_NAME}.tar.gz", *EXTRA_FILES):
            if name not in present:
                zf.write(out_web / name, name)
    return target


def build(out: Path, archive: bool = False, cdn: str | None = None, timeout: float = 300.0) -> Path:
    """Build into ``out/web`` (and ``out/web.zip`` with ``archive``); return ``out/web``."""
    check_sources()
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    app = stage_app(out / "stage")
    log_path = out / "pygbag.log"
    run_pygbag(app, archive, cdn, timeout, log_path)
    collect(app, out / "web", archive, log_path)
    return out / "web"


def serve(directory: Path, port: int) -> None:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(directory))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise BuildError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc} (try --port 0 for any free port)") from None
    host, real_port = server.server_address[:2]
    print(f"Serving {directory} at http://{host}:{real_port}/  (embed demo: /embed-example.html; Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the browser version of Deepisle (pygbag, offline).")
    parser.add_argument("--out", type=Path, default=ROOT / "build",
                        help="output folder (default: build/ in the repository); the page goes to OUT/web")
    parser.add_argument("--archive", action="store_true", help="also write OUT/web.zip for itch.io")
    parser.add_argument("--serve", action="store_true", help="after building, serve OUT/web on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000; 0 = any free)")
    parser.add_argument("--cdn", default=None,
                        help="where the page loads the Python runtime from (default: pygbag's pygame-web CDN)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds allowed for pygbag (default 300)")
    args = parser.parse_args(argv)

    started = time.monotonic()
    try:
        web = build(args.out, archive=args.archive, cdn=args.cdn, timeout=args.timeout)
        print(f"built {web} in {time.monotonic() - started:.1f} s")
        if args.archive:
            print(f"itch.io archive: {web.parent / 'web.zip'}")
        if args.serve:
            serve(web, args.port)
    except BuildError as exc:
        print(f"web/build.py: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
