"""The GitHub Pages workflow: valid YAML, real actions, the real build command, and tests that
gate the deployment (it cannot run here)."""

import re
import shlex
from pathlib import Path

import yaml

from webtools import ROOT, load_web_module

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ACTIONS = {  # the official actions the workflow may use, at their current major versions
    "actions/checkout": "v4", "actions/setup-python": "v5", "actions/upload-artifact": "v4",
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
    assert set(deploy["needs"]) == {"test", "build"} and deploy["environment"]["name"] == "github-pages"
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


def named_step(job: str, words: str) -> dict:
    found = [step for step in steps(job) if words in step.get("name", "")]
    assert len(found) == 1, f"no single step of {job} named with {words!r}"
    return found[0]


def test_deploy_waits_for_the_tests_and_pull_requests_never_deploy():
    flow = workflow()
    triggers = flow.get("on", flow.get(True))
    assert "pull_request" in triggers
    deploy = flow["jobs"]["deploy"]
    assert "test" in deploy["needs"]
    assert deploy["if"].replace(" ", "") == "${{github.event_name!='pull_request'}}"
    assert "if" not in flow["jobs"]["test"] and "needs" not in flow["jobs"]["test"]  # every event tests


def test_the_test_job_runs_make_test_then_the_online_suite_on_the_real_runtime():
    job = workflow()["jobs"]["test"]
    assert job["env"]["DEEPISLE_REQUIRE_REAL"] == "1"  # online: a real-runtime test may not skip
    assert Path(job["env"]["DEEPISLE_CHROMIUM"]).is_absolute()
    runs = [step.get("run", "").strip() for step in job["steps"]]
    unit, online = runs.index("make test"), runs.index("make online")
    assert unit < online
    assert job["steps"][unit]["env"]["PYTEST_ADDOPTS"] == '-m "not online"'  # the two steps split the suite
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"(?m)^online:.*\n\t(.+)$", makefile).group(1)
    assert shlex.split(recipe)[-4:] == ["-m", "pytest", "-m", "online"]
    python = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert python["with"]["python-version"] == "3.12"


def test_the_timings_table_is_the_job_summary_and_the_screenshots_are_kept():
    job = workflow()["jobs"]["test"]
    online = next(step for step in job["steps"] if step.get("run", "").strip() == "make online")
    evidence = online["env"]["DEEPISLE_EVIDENCE"]
    assert evidence.startswith("${{ runner.temp }}")  # never inside the checkout
    summary = named_step("test", "job summary")
    assert summary["if"] == "${{ !cancelled() }}"  # a failed suite still shows what it measured
    assert '>> "$GITHUB_STEP_SUMMARY"' in summary["run"]
    assert '"$RUNNER_TEMP"/evidence/real/timings.md' in summary["run"]
    kept = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/upload-artifact"))
    assert kept["if"] == "${{ !cancelled() }}" and kept["with"]["path"] == evidence
    assert job["steps"].index(online) < job["steps"].index(summary) < job["steps"].index(kept)
