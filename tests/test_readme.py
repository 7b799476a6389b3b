"""The README and the docs pages, as a new user meets them.

The README is short (at most 250 lines) with a table of contents whose links
reach its headings; every relative link and picture of the README and of
docs/ reaches a file (and a heading, when it names one); no page speaks of
how the project is run (issues, sessions, machines, commit hashes); every
`worldgen` line of the README runs as written, and its Python example too.
"""

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
MAX_LINES = 250
BANNED = {
    "issue": r"\bissues?\b",
    "session": r"\bsessions?\b",
    "VM": r"\bVMs?\b",
    "machine": r"\bmachines?\b",
    "commit hash": r"`[0-9a-f]{7,40}`|\bcommit\s+`?[0-9a-f]{7,40}\b",
}


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def prose(markdown: str) -> str:
    """The page without its fenced code blocks (a `#` comment in a shell block is no heading)."""
    return re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("Embed a figure in a blog in two minutes"), slug("In the page: what has run where")
    ('embed-a-figure-in-a-blog-in-two-minutes', 'in-the-page-what-has-run-where')
    """
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(h) for h in re.findall(r"^#{1,6} (.+)$", prose(text(page)), re.M)}


def links(page: Path) -> list[str]:
    """Every link and picture target of a page's prose: ``[..](target)``."""
    return re.findall(r"\]\(([^)\s]+)\)", prose(text(page)))


def test_readme_is_at_most_250_lines():
    assert len(text(README).splitlines()) <= MAX_LINES


def test_table_of_contents_lists_every_section_and_reaches_it():
    body = text(README)
    contents = body.split("## Contents", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^- \[[^\]]+\]\(#([^)]+)\)$", contents, re.M)
    sections = [slug(h) for h in re.findall(r"^## (.+)$", prose(body), re.M) if h != "Contents"]
    assert listed == sections
    assert set(listed) <= anchors(README)


@pytest.mark.parametrize("doc", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_relative_link_and_picture_reaches_a_file(doc):
    for target in links(doc):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # an address on the web
        path, _, anchor = target.partition("#")
        where = (doc.parent / path).resolve() if path else doc
        assert where.exists(), f"{doc.name}: {target} does not exist"
        if anchor and where.suffix == ".md":
            assert anchor in anchors(where), f"{doc.name}: {target}: no such heading"


@pytest.mark.parametrize("doc", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_no_page_speaks_of_how_the_project_is_run(doc):
    body = text(doc)
    found = {word: re.findall(pattern, body) for word, pattern in BANNED.items()}
    assert {word: hits for word, hits in found.items() if hits} == {}


def test_banned_words_are_found_where_they_are():
    sample = "as issue 13 said, this VM, the third session, machine, commit `1aa3205`"
    assert all(re.search(pattern, sample) for pattern in BANNED.values())
    assert not re.search(BANNED["commit hash"], "posters/island-mask-7e089dbfc2.png")


def test_docs_index_lists_every_page():
    index = text(README).split("## Docs", 1)[1]
    for page in PAGES[1:]:
        assert f"]({page.relative_to(ROOT).as_posix()})" in index, f"{page.name} is not in the README's Docs list"


def test_readme_shows_serve_as_the_main_command_and_test_as_the_test_command():
    body = text(README)
    shell = "\n".join(re.findall(r"```sh\n(.*?)```", body, re.S))
    commands = [line.split("#")[0].strip() for line in shell.splitlines()]
    assert "make serve" in commands and "make test" in commands
    assert commands.index("make serve") < commands.index("make test")
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def readme_cli_lines() -> list[str]:
    """Every ``worldgen ...`` line of the README's shell blocks (comments dropped)."""
    shell = "\n".join(re.findall(r"```sh\n(.*?)```", text(README), re.S))
    return [line.split(" #")[0].strip() for line in shell.splitlines() if line.startswith("worldgen ")]


def test_the_readme_shows_command_lines():
    assert len(readme_cli_lines()) >= 5


@pytest.mark.parametrize("line", readme_cli_lines())
def test_readme_command_runs_as_written(line, tmp_path):
    """Run in an empty folder with the project's commands first on PATH, as after the README's set-up."""
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=str(ROOT))  # this checkout's code, whichever checkout the commands were installed from
    proc = subprocess.run(shlex.split(line), cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    argv = shlex.split(line)
    if "--out" in argv:
        out = tmp_path / argv[argv.index("--out") + 1]
        assert out.is_file() and out.stat().st_size > 0
        assert proc.stdout.startswith("{") and str(out.name) in proc.stdout
    else:
        assert proc.stdout.strip()


def test_readme_python_example_runs_as_written():
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried >= 3 and failures == 0
