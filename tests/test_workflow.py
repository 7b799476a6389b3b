"""The GitHub Pages workflow: valid YAML, real actions, the real build command (it cannot run here)."""

import re
import shlex
from pathlib import Path

import yaml

from webtools import ROOT, load_web_module

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ACTIONS = {  # the official actions the workflow may use, at their current major versions
    "actions/checkout": "v4", "actions/setup-python": "v5",
    "actions/upload-pages-artifact": "v3", "actions/deploy-pages": "v4",
}


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def steps(job: str) -> list[dict]:
    return workflow()["jobs"][job]["steps"]


def test_workflow_is_valid_yaml_with_triggers_and_least_permissions():
    flow = workflow()
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` key as true
    assert triggers["push"]["branches"] == ["main"] and "workflow_dispatch" in triggers
    assert flow["permissions"] == {"contents": "read"}
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert deploy["permissions"]["pages"] == "write" and deploy["permissions"]["id-token"] == "write"


def test_workflow_names_only_real_actions():
    used = [step["uses"] for job in workflow()["jobs"].values() for step in job["steps"] if "uses" in step]
    assert {u.split("@")[0] for u in used} == set(ACTIONS)
    for use in used:
        name, version = use.split("@")
        assert version == ACTIONS[name], use
    upload = next(s for s in steps("build") if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "build/web"
    assert steps("deploy")[-1]["uses"].startswith("actions/deploy-pages") and steps("deploy")[-1]["id"] == "deployment"


def test_workflow_runs_the_real_build_with_the_pinned_versions():
    runs = [s["run"] for s in steps("build") if "run" in s]
    install = next(r for r in runs if "pip install" in r)
    assert "-c constraints.txt" in install and f'"pygbag=={load_web_module("build").mirror_runtime.PYGBAG}"' in install
    build_line = next(r for r in runs if "web/build.py" in r)
    assert shlex.split(build_line)[:2] == ["python", "web/build.py"]
    assert (ROOT / "web" / "build.py").is_file() and (ROOT / "constraints.txt").is_file()
    options = set(re.findall(r"--[a-z_]+", " ".join(runs)))
    build_help = (ROOT / "web" / "build.py").read_text(encoding="utf-8") + \
        (ROOT / "web" / "mirror_runtime.py").read_text(encoding="utf-8")
    assert options and all(f'"{opt}"' in build_help for opt in options - {"--out"}), options
    python = next(s for s in steps("build") if s.get("uses", "").startswith("actions/setup-python"))
    assert python["with"]["python-version"] == "3.12"


def test_readme_says_how_to_turn_pages_on():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ".github/workflows/pages.yml" in readme and '"GitHub Actions"' in readme


def test_workflow_draws_the_committed_embeds_posters_after_the_build():
    build_steps = steps("build")
    runs = [s.get("run", "") for s in build_steps]
    build_at = next(i for i, r in enumerate(runs) if shlex.split(r or "x")[:2] == ["python", "web/build.py"])
    draw_at = next(i for i, r in enumerate(runs) if shlex.split(r or "x")[:2] == ["python", "web/embeds.py"])
    upload_at = next(i for i, s in enumerate(build_steps) if s.get("uses", "").startswith("actions/upload-pages"))
    assert build_at < draw_at < upload_at
    assert shlex.split(runs[draw_at])[2:] == ["build/web"]  # the site the artifact uploads
    embeds = load_web_module("embeds")
    assert embeds.committed(), "web/embeds.txt lists no embed"
    for query in embeds.committed():
        embeds.demo_settings(query)  # each one a demo the game shows as written
