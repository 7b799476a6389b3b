"""The GitHub Pages workflow: valid YAML, real actions, the real build command, and tests that
gate the deployment (it cannot run here)."""

import re
import shlex
import tomllib
from pathlib import Path

import yaml

from webtools import ROOT, load_web_module

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ACTIONS = {  # the official actions the workflow may use, at their current major versions
    "actions/checkout": "v4", "actions/setup-python": "v5", "actions/upload-artifact": "v4",
    "actions/download-artifact": "v4", "actions/upload-pages-artifact": "v3", "actions/deploy-pages": "v4",
}
ASKED = "${{ inputs.self_host_runtime }}"  # the condition of every self-hosting step
BROWSER_PYTHON = "matrix.python == '3.12'"  # the test job's leg that runs the online suite
MAKE_ON_LEG = "PYTHON=python${{ matrix.python }}"  # each leg's make runs on its own Python


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
    assert shlex.split(install) == ["python", "-m", "pip", "install", "-c", "constraints.txt", "-e", ".[web]"]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert extras["web"] == [f"pygbag=={load_web_module('build').mirror_runtime.PYGBAG}"]
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


def test_one_step_builds_the_page_and_its_posters():
    """The build draws the posters of the example page and of web/embeds.txt itself: no second poster step."""
    runs = [s.get("run", "") for job in workflow()["jobs"].values() for s in job["steps"]]
    assert not [r for r in runs if "embeds.py" in r]
    [build_step] = [s for s in steps("build") if shlex.split(s.get("run", "x"))[:2] == ["python", "web/build.py"]]
    assert "posters of every embed (web/embeds.txt)" in build_step["name"]
    upload_at = next(i for i, s in enumerate(steps("build")) if s.get("uses", "").startswith("actions/upload-pages"))
    assert steps("build").index(build_step) < upload_at
    embeds = load_web_module("embeds")
    assert embeds.committed(), "web/embeds.txt lists no embed"
    for query in embeds.committed():
        embeds.demo_settings(query)  # each one a demo the game shows as written


def test_install_steps_name_what_they_install():
    """A step named after packages installs those packages, and no step says pygame-ce without installing it."""
    install = named_step("build", "Install")
    assert "pygbag 0.9.3" in install["name"] and "no pygame" in install["name"]
    assert "game" not in shlex.split(install["run"])[-1]  # .[web]: numpy and pygbag, no pygame-ce
    for job in workflow()["jobs"].values():
        for step in job["steps"]:
            if "pygame-ce" in step.get("name", ""):
                assert "game" in step.get("run", ""), step["name"]


def test_the_runtime_is_mirrored_once_and_the_copy_tested_is_the_copy_deployed():
    jobs = workflow()["jobs"]
    mirrors = [(name, s["run"]) for name, job in jobs.items() for s in job["steps"]
               if "mirror_runtime.py" in s.get("run", "") or "make runtime" in s.get("run", "")]
    assert mirrors == [("runtime", "python web/mirror_runtime.py --out build/runtime")]
    assert jobs["runtime"]["if"] == ASKED
    [handed] = [s for s in jobs["runtime"]["steps"] if s.get("uses", "").startswith("actions/upload-artifact")]
    assert handed["with"]["name"] == "runtime" and handed["with"]["path"] == "build/runtime"
    for name in ("test", "build"):
        job = jobs[name]
        assert job["needs"] == "runtime"
        assert job["if"].replace(" ", "") == "${{!cancelled()&&needs.runtime.result!='failure'}}"
        [taken] = [s for s in job["steps"] if s.get("uses", "").startswith("actions/download-artifact")]
        asked = ASKED if name == "build" else f"${{{{ inputs.self_host_runtime && {BROWSER_PYTHON} }}}}"
        assert taken["if"] == asked and taken["with"] == {"name": "runtime", "path": "build/runtime"}
    online = online_step(jobs["test"])
    assert online["env"]["DEEPISLE_RUNTIME"] == "${{ inputs.self_host_runtime && 'build/runtime' || '' }}"
    assert jobs["test"]["steps"].index(taken_in(jobs["test"])) < jobs["test"]["steps"].index(online)
    build_step = next(s for s in jobs["build"]["steps"] if "web/build.py" in s.get("run", ""))
    assert "${{ inputs.self_host_runtime && '--runtime build/runtime' || '' }}" in build_step["run"]
    assert jobs["build"]["steps"].index(taken_in(jobs["build"])) < jobs["build"]["steps"].index(build_step)


def online_step(job: dict) -> dict:
    [step] = [s for s in job["steps"] if s.get("run", "").strip() == f"make online {MAKE_ON_LEG}"]
    return step


def taken_in(job: dict) -> dict:
    return next(s for s in job["steps"] if s.get("uses", "").startswith("actions/download-artifact"))


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
    assert deploy["if"].replace(" ", "") == ("${{!cancelled()&&github.event_name!='pull_request'"
                                             "&&needs.test.result=='success'&&needs.build.result=='success'}}")
    assert flow["jobs"]["test"]["needs"] == "runtime"  # and runs whenever that job did not fail: every event tests


def test_the_test_job_runs_make_test_then_the_online_suite_on_the_real_runtime():
    job = workflow()["jobs"]["test"]
    assert job["env"]["DEEPISLE_REQUIRE_REAL"] == "1"  # online: a real-runtime test may not skip
    assert Path(job["env"]["DEEPISLE_CHROMIUM"]).is_absolute()
    runs = [step.get("run", "").strip() for step in job["steps"]]
    unit, online = runs.index(f"make test {MAKE_ON_LEG}"), runs.index(f"make online {MAKE_ON_LEG}")
    assert unit < online
    assert job["steps"][unit]["env"]["PYTEST_ADDOPTS"] == '-m "not online"'  # the two steps split the suite
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"(?m)^online:.*\n\t(.+)$", makefile).group(1)
    assert shlex.split(recipe)[-4:] == ["-m", "pytest", "-m", "online"]


def test_the_test_job_runs_the_suite_on_every_supported_python_and_the_online_suite_on_the_browsers():
    """3.12 (the browser runtime's) and 3.11: each leg's make names its Python (the runner has a
    python3.12 of its own, which make would otherwise prefer); the online suite plays the page on 3.12."""
    job = workflow()["jobs"]["test"]
    assert job["strategy"]["matrix"]["python"] == ["3.12", "3.11"] and job["strategy"]["fail-fast"] is False
    python = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert python["with"]["python-version"] == "${{ matrix.python }}"
    assert online_step(job)["if"] == f"${{{{ {BROWSER_PYTHON} }}}}"
    for step in job["steps"]:
        if "make " in step.get("run", ""):
            assert step["run"].strip().endswith(MAKE_ON_LEG), step["name"]


def test_the_timings_table_is_the_job_summary_and_the_screenshots_are_kept():
    job = workflow()["jobs"]["test"]
    online = online_step(job)
    evidence = online["env"]["DEEPISLE_EVIDENCE"]
    assert evidence.startswith("${{ runner.temp }}")  # never inside the checkout
    summary = named_step("test", "job summary")
    shown = f"${{{{ !cancelled() && {BROWSER_PYTHON} }}}}"  # a failed suite still shows what it measured
    assert summary["if"] == shown
    assert '>> "$GITHUB_STEP_SUMMARY"' in summary["run"]
    assert '"$RUNNER_TEMP"/evidence/real/timings.md' in summary["run"]
    kept = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/upload-artifact"))
    assert kept["if"] == shown and kept["with"]["path"] == evidence
    assert job["steps"].index(online) < job["steps"].index(summary) < job["steps"].index(kept)
