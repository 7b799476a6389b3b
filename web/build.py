"""Build the browser version of Deepisle with pygbag, offline.

Usage (from anywhere; paths are relative to the repository)::

    python web/build.py                       # -> build/web/
    python web/build.py --serve [--port 8000] # build, then serve on 127.0.0.1
    python web/build.py --archive             # also build/web.zip (itch.io upload)
    python web/build.py --runtime build/runtime   # pack a mirrored runtime: no CDN at all
    python web/build.py --cdn https://host/path/cdn/0.9.3/   # the runtime from another server
    python web/build.py --embed "mode=demo&demo=rooms&seed=x&ui=0" [--site URL]  # + a poster kept, its code
    python web/build.py --source https://github.com/me/isle   # the offline card's README link

What it does:

1. Stages a lean copy of the app (``main.py``, ``game/``, ``worldgen/``) in
   ``build/stage/deepisle``: no tests, caches or developer-only modules
   (:data:`DEV_ONLY`, the one list of them).  pygbag packs whatever folder
   it is given, and may rewrite it.
2. Runs ``pygbag --build`` on that copy with our template (``web/index.html``)
   and icon (``web/favicon.png``), both as local files.  pygbag downloads a
   template or icon only when the path given is not a local file (and then
   retries forever when offline); this script passes absolute local paths
   and, in the pygbag process, replaces pygbag's downloader by one that fails
   at once, so a build can never hang on the network.  ``black`` is hidden
   from that process too (pygbag reformats the sources with it when it is
   importable).
3. Copies the page, the icon and the one game archive the page unpacks
   (``deepisle.tar.gz``; pygbag's ``.apk`` holds the same files and is not
   shipped), ``embed.js`` and ``embed-example.html`` into ``build/web``.
4. Draws a poster for every embed of the shipped pages and of the committed
   list ``web/embeds.txt`` (where each ``--embed`` is kept, so its poster is
   on every later build), with the CLI: ``build/web/posters`` (see
   ``web/embeds.py``).  A poster of the last build that no embed asks for
   any more is named in a note, never dropped silently.
5. With ``--runtime DIR`` (made by ``web/mirror_runtime.py``), copies the
   runtime beside the page (``build/web/cdn``) and points the page at it.

Every argument, every embed and the port (``--serve``: held from then on)
are checked before anything in the output folder is touched; each refusal
is one line, status 2 (a failed build: status 1).

The page loads the Python runtime at run time, from the pygame-web CDN unless
``--runtime`` or ``--cdn`` says otherwise; nothing from the CDN is needed to build.

Long because it is the whole build, one short function a step (stage, pygbag,
collect, posters, runtime, zip, serve) with the command line that checks
every argument before any step runs; split, the steps would only pass the
same paths and options from module to module.
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
for _path in (str(ROOT), str(WEB)):  # the repository's packages and this folder's modules
    if _path not in sys.path:
        sys.path.insert(0, _path)

import embeds  # noqa: E402  (checks first that this Python has the project's environment)
import mirror_runtime  # noqa: E402
from source_link import SourceError, link_source, source_url  # noqa: E402

from worldgen.tools.args import Parser, whole  # noqa: E402
from worldgen.tools.args import UsageError as ArgumentError  # noqa: E402

APP_NAME = "deepisle"  # pygbag names the archive after the staged folder
TITLE = "Deepisle"
WIDTH, HEIGHT = 960, 540  # the game's fixed window
APP_SOURCES = ("main.py", "game", "worldgen")
ARCHIVE = f"{APP_NAME}.tar.gz"  # the one game archive the page unpacks
PAGE_FILES = ("index.html", "favicon.png", ARCHIVE)
EXTRA_FILES = ("embed-example.html", "embed.js")
EMBED_PAGES = ("embed-example.html",)  # shipped pages whose embeds get posters
SKIP_NAMES = ("__pycache__", "*.pyc", "*.pyo", ".*", "tests", "build")
#: Developer-only files and folders the page never runs: never packed.
DEV_ONLY = ("worldgen/__main__.py", "worldgen/tools", "game/tools", "game/command.py")

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
    """A build step failed; the message says which and what to do (status 1)."""


class UsageError(BuildError):
    """A bad argument, embed or port, found before the build starts (status 2)."""




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
    if found != mirror_runtime.PYGBAG:
        print(f"warning: pygbag {found} found; web/index.html is written for pygbag {mirror_runtime.PYGBAG}",
              file=sys.stderr)


def is_dev_only(rel: str) -> bool:
    """``rel`` (a path relative to the repository, with ``/``) is developer-only.

    >>> is_dev_only("worldgen/tools/cli.py"), is_dev_only("game/tools/shots.py"), is_dev_only("game/shell/app.py")
    (True, True, False)
    """
    return any(rel == item or rel.startswith(item + "/") for item in DEV_ONLY)


def stage_app(stage_root: Path) -> Path:
    """Copy the app, without developer-only files, into ``stage_root/deepisle`` and return that folder."""
    if stage_root.exists():
        shutil.rmtree(stage_root)
    app = stage_root / APP_NAME
    app.mkdir(parents=True)
    skip = shutil.ignore_patterns(*SKIP_NAMES)

    def ignore(folder: str, names: list[str]) -> set[str]:
        rel = Path(folder).relative_to(ROOT).as_posix()
        return set(skip(folder, names)) | {n for n in names if is_dev_only(f"{rel}/{n}")}

    for name in APP_SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, app / name, ignore=ignore)
        else:
            shutil.copy2(src, app / name)
    # an explicit, empty ignore list (pygbag reads pygbag.ini from its working directory)
    (stage_root / "pygbag.ini").write_text("[DEPENDENCIES]\nignoreDirs = []\nignoreFiles = []\n", encoding="utf-8")
    return app


def run_pygbag(app: Path, cdn: str | None, timeout: float, log_path: Path) -> None:
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


def collect(app: Path, out_web: Path, log_path: Path) -> list[Path]:
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
    written = [Path(shutil.copy2(built / name, out_web / name)) for name in PAGE_FILES]
    written += [Path(shutil.copy2(WEB / name, out_web / name)) for name in EXTRA_FILES]
    return written


def sizes(out_web: Path) -> str:
    """What a reader downloads before the runtime, in KB (1,000 bytes), as the docs quote it.

    The README and docs/PUBLISHING.md quote these figures; tests/test_doc_figures.py holds them to the build."""
    page, game = ((out_web / name).stat().st_size for name in ("index.html", ARCHIVE))
    posters = list((out_web / embeds.POSTER_DIR).glob("*.png"))
    return (f"the page and the game {(page + game) / 1000:.0f} KB (index.html {page / 1000:.0f} KB, {ARCHIVE} "
            f"{game / 1000:.0f} KB), {len(posters)} posters {sum(p.stat().st_size for p in posters) / 1000:.0f} KB")


def page_queries() -> list[str]:
    """The embeds of the shipped pages (their sources in web/), in order."""
    return [q for name in EMBED_PAGES for q, _src in embeds.page_embeds((WEB / name).read_text(encoding="utf-8"))]


def make_posters(out_web: Path, list_path: Path = embeds.LIST) -> dict[str, str]:
    """Posters for every embed of the shipped pages and of the committed list (``web/embeds.txt``);
    checks the pages show them."""
    pages = {name: (out_web / name).read_text(encoding="utf-8") for name in EMBED_PAGES}
    try:
        queries = page_queries() + embeds.committed(list_path)
        posters = embeds.render_posters(list(dict.fromkeys(queries)), out_web, (WIDTH, HEIGHT))
        for name, html_text in pages.items():
            embeds.check_page(name, html_text, posters)
    except embeds.EmbedError as exc:
        raise BuildError(str(exc)) from None
    return posters


def pack_runtime(runtime: Path, out_web: Path) -> int:
    """Copy a mirrored runtime (checked against its manifest) beside the page, at the paths it has
    under https://pygame-web.github.io/ (``cdn/0.9.3/pythons.js``, the index, wheels); return its bytes."""
    try:
        manifest = mirror_runtime.check(runtime)
    except mirror_runtime.MirrorError as exc:
        raise BuildError(str(exc)) from None
    total = 0
    for rel, meta in manifest["files"].items():
        target = out_web / rel
        if target.exists():
            raise BuildError(f"{runtime}: {rel} would overwrite a file of the page")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(runtime / rel, target)
        total += meta["bytes"]
    return total


def make_zip(out_web: Path) -> Path:
    """``web.zip`` beside ``out_web``: everything the page serves, ``index.html`` at the top (itch.io)."""
    target = out_web.parent / "web.zip"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(p for p in out_web.rglob("*") if p.is_file()):
            zf.write(path, path.relative_to(out_web).as_posix())
    return target


def build(out: Path, archive: bool = False, cdn: str | None = None, timeout: float = 300.0,
          runtime: Path | None = None, list_path: Path = embeds.LIST, source: str | None = None) -> Path:
    """Build into ``out/web`` (and ``out/web.zip`` with ``archive``); return ``out/web``
    (the arguments checked first: :func:`check_args`)."""
    check_sources()
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    web = out / "web"
    before = {p.name for p in (web / embeds.POSTER_DIR).glob("*.png")} if web.is_dir() else set()
    app = stage_app(out / "stage")
    log_path = out / "pygbag.log"
    run_pygbag(app, mirror_runtime.CDN_DIR if runtime is not None else cdn, timeout, log_path)
    collect(app, web, log_path)
    try:
        link_source(web, source)
    except SourceError as exc:
        raise BuildError(str(exc)) from None
    dropped = sorted(before - {Path(rel).name for rel in make_posters(web, list_path).values()})
    if dropped:  # never silently: a poster a user asked for is kept in the list, or named here
        print(f"note: {len(dropped)} poster(s) of the last build no embed asks for now were not kept "
              f"({', '.join(dropped[:3])}{', ...' if len(dropped) > 3 else ''}): to keep a figure, keep its "
              f"query in {list_path.name} (make embed Q=...)", file=sys.stderr)
    if runtime is not None:
        pack_runtime(runtime.resolve(), web)
    if archive:
        make_zip(web)
    return web


def bind(port: int) -> http.server.ThreadingHTTPServer:
    """A server for the site on 127.0.0.1:``port``, its port held from now on (checked before the build)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=os.devnull)
    try:
        return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise UsageError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc} (another port: "
                         f"make serve PORT=8001, or PORT=0 for any free one; web/build.py takes --port)") from None


def serve(directory: Path, server: http.server.ThreadingHTTPServer | int) -> None:
    """Serve ``directory`` with a server from :func:`bind` (or bind ``server``, a port, first) until Ctrl+C."""
    server = bind(server) if isinstance(server, int) else server
    server.RequestHandlerClass = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(directory))
    host, real_port = server.server_address[:2]
    print(f"Serving {directory} at http://{host}:{real_port}/  (embed demo: /embed-example.html; Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 1.0 <= value <= 3600.0:
        raise argparse.ArgumentTypeError(f"expected seconds, 1..3600; got {text[:20]!r}")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(prog="web/build.py", description="Build the browser version of Deepisle (pygbag, offline).")
    parser.add_argument("--out", type=Path, default=ROOT / "build",
                        help="output folder (default: build/ in the repository); the page goes to OUT/web")
    parser.add_argument("--archive", action="store_true", help="also write OUT/web.zip for itch.io")
    parser.add_argument("--serve", action="store_true", help="after building, serve OUT/web on 127.0.0.1")
    parser.add_argument("--port", type=whole(0, 65535), default=None,
                        help="port for --serve (default 8000; 0 = any free)")
    parser.add_argument("--cdn", default=None,
                        help="URL of the folder the page loads the Python runtime from (default: pygbag's "
                             f"{mirror_runtime.SOURCE}{mirror_runtime.CDN_DIR})")
    parser.add_argument("--runtime", type=Path, default=None,
                        help="pack this mirrored runtime (web/mirror_runtime.py) beside the page and use it")
    parser.add_argument("--embed", action="append", default=[], metavar="QUERY",
                        help="keep this demo query in the embeds list (its poster is then on every build) "
                             "and print its HTML code (repeatable)")
    parser.add_argument("--list", type=Path, default=embeds.LIST,
                        help=f"the embeds list (default web/{embeds.LIST.name})")
    parser.add_argument("--site", default="", help="the published folder's URL, for --embed's printed code")
    parser.add_argument("--source", default=None,
                        help="the project's page (e.g. https://github.com/me/isle) the offline card links its "
                             "README to (default: the GitHub repository building it, or git's origin)")
    parser.add_argument("--timeout", type=_seconds, default=300.0, help="seconds allowed for pygbag (default 300)")
    return parser.parse_args(argv)


def check_args(args: argparse.Namespace) -> None:
    """Every argument and embed (the pages', the list's and ``--embed``'s), before anything is built."""
    if args.port is not None and not args.serve:
        raise UsageError("--port is the port of --serve: add --serve or drop --port")
    if args.site and not args.embed:
        raise UsageError("--site fills in the address of --embed's printed code: add --embed or drop --site")
    if args.runtime is not None and args.cdn:
        raise UsageError("--runtime packs the runtime into the page's own cdn/ folder: drop --cdn")
    if args.runtime is not None:
        try:
            mirror_runtime.check(args.runtime)
        except mirror_runtime.MirrorError as exc:
            raise UsageError(f"--runtime: {exc}") from None
    try:
        embeds.check_site(args.site)
        for query in page_queries() + embeds.committed(args.list) + args.embed:
            embeds.demo_settings(query)
    except OSError as exc:
        raise UsageError(f"--list: cannot read {args.list}: {exc.strerror or exc}") from None
    except embeds.EmbedError as exc:
        raise UsageError(str(exc)) from None
    check_sources()


def main(argv: list[str] | None = None) -> int:
    started = time.monotonic()
    server = None
    try:
        args = parse_args(argv)
        check_args(args)
        if args.serve:
            server = bind(8000 if args.port is None else args.port)
        for query in args.embed:
            if embeds.keep(query, args.list):
                print(f"kept in {args.list.name}: {query} (every build draws its poster; commit the file)")
        web = build(args.out, archive=args.archive, cdn=args.cdn, timeout=args.timeout, runtime=args.runtime,
                    list_path=args.list, source=source_url(args.source))
        print(f"built {web} in {time.monotonic() - started:.1f} s: {sizes(web)}")
        for query in args.embed:
            poster = embeds.poster_path(embeds.demo_settings(query))
            print(f"\nembed for {query}:\n{embeds.snippet(query, poster, args.site)}")
        if args.archive:
            print(f"itch.io archive: {web.parent / 'web.zip'}")
        if server is not None:
            serve(web, server)
            server = None
    except (BuildError, ArgumentError) as exc:  # a bad argument, embed or port: 2; a failed build: 1
        print(f"web/build.py: error: {exc}", file=sys.stderr)
        return 1 if type(exc) is BuildError else 2
    finally:
        if server is not None:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
