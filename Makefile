# Deepisle: `make serve` builds and serves the web game; `make test` runs every test.
# Both create .venv on first use. Python 3.12 (the browser's version) is preferred.

PYTHON ?= $(firstword $(foreach p,python3.12 $(wildcard $(HOME)/.pyenv/versions/3.12*/bin/python3.12) python3,$(shell $(p) -c 'import sys; print("$(p)" if sys.version_info >= (3, 11) else "")' 2>/dev/null)))
VENV := .venv
PY := $(VENV)/bin/python
# make serve PORT=8001 (PORT=0: any free port). make build RUNTIME=build/runtime packs a
# runtime mirrored by `make runtime` (online) into the page: no CDN at run time.
PORT ?= 8000
RUNTIME ?=
BUILD_FLAGS = $(if $(RUNTIME),--runtime $(RUNTIME))

.PHONY: setup serve build archive runtime test online flake soak mutate bench screenshots screenshots-cli screenshots-game clean

$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[game,test]'
	touch $@

# .venv with the project, its commands (deepisle, worldgen) and the test tools
setup: $(VENV)/.installed

serve: $(VENV)/.installed
	$(PY) web/build.py --serve --port $(PORT) $(BUILD_FLAGS)

build: $(VENV)/.installed
	$(PY) web/build.py $(BUILD_FLAGS)

archive: $(VENV)/.installed
	$(PY) web/build.py --archive $(BUILD_FLAGS)

runtime: $(VENV)/.installed
	$(PY) web/mirror_runtime.py --out build/runtime

test: $(VENV)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

# The first-online-run suite (tests/test_online.py), each step on the stand-in runtime and on the
# real one: the CDN, or DEEPISLE_RUNTIME=build/runtime after `make runtime`. Timings and screenshots
# go to $$DEEPISLE_EVIDENCE (default: a temporary folder; the run's last lines name it).
online: $(VENV)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m online

# Flaky tests are defects: every test that starts a browser (the page, the embeds, the online suite on
# its stand-in runtime), N times over, and each one that failed even once (tests/flake.py).
N ?= 20
flake: $(VENV)/.installed
	$(PY) tests/flake.py --runs $(N)

# Save anywhere, at scale: thousands of cuts (after and during builds, mid-walk, mid-rest, mid-fight ...)
# continued in fresh processes and verified, and a saving process killed again and again
# (tests/soak.py; CI runs a bounded set: pytest -k "save and verify").
soak: $(VENV)/.installed
	$(PY) tests/soak.py --turns 4000 --cuts 100 --kills 40

# Mutation testing (docs/TESTING.md): mutmut over one module with the tests that cover it,
# in build/mutate/; prints the score and every surviving mutant.
# make mutate MODULE=worldgen/core/seeding.py (default game/rules); TESTS="tests/test_x.py ..." picks the tests.
MODULE ?= game/rules
TESTS ?=
mutate: $(VENV)/.installed
	$(PY) tests/mutation.py $(MODULE) $(if $(TESTS),--tests "$(TESTS)")

bench: $(VENV)/.installed
	$(PY) -m worldgen bench

# The pictures of the README and docs/: the CLI's (listed in docs/pictures.py) and the game's own screenshots.
# tests/test_readme_pictures.py fails when the committed ones differ from what these make.
SHOT_DIR ?= docs/img
screenshots: screenshots-cli screenshots-game

screenshots-cli: $(VENV)/.installed
	$(PY) docs/pictures.py $(SHOT_DIR)

screenshots-game: $(VENV)/.installed
	$(PY) -m game.tools.shots $(SHOT_DIR)
	$(PY) -m game.tools.place_shots $(SHOT_DIR)

# The committed recording tests/test_replay.py replays: remake it (and raise RULES_VERSION in
# game/rules/record.py) when a change makes recorded runs play differently.
golden-replay: $(VENV)/.installed
	$(PY) -m game.tools.autoplay --runs 1 --world Goldrun --size small --policy careful --max-turns 2500 --record build/golden
	mv build/golden/Goldrun-1-careful.replay.txt tests/data/golden.replay.txt

clean:
	rm -rf build mutants .pytest_cache .hypothesis exports
