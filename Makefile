# Deepisle: `make serve` builds and serves the web game; `make test` runs every test.
# Both create .venv on first use. Python 3.12 (the browser's version) is preferred; 3.11 works too,
# and no other (constraints.txt pins the browser's numpy 2.0.2, built for those two only).
# `make test PYTHON=python3.11`: a Python named on the command line gets a .venv of its own (.venv-3.11).
# `make serve` (and setup, build, embed...) installs what serving needs: the project, the game
# extra (pygame-ce) and pygbag; `make test` (and online, mutate) adds the test tools to that .venv.

PYTHON ?= $(firstword $(foreach p,python3.12 $(wildcard $(HOME)/.pyenv/versions/3.12*/bin/python3.12) python3,$(shell $(p) -c 'import sys; print("$(p)" if sys.version_info >= (3, 11) else "")' 2>/dev/null)))
PY_VERSION := $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
SUPPORTED := 3.11 3.12
VENV ?= $(if $(filter command line,$(origin PYTHON)),.venv-$(PY_VERSION),.venv)
# Any other Python is refused in one line, before a .venv is made (clean needs none).
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),setup)),)
ifeq ($(filter $(SUPPORTED),$(PY_VERSION)),)
$(error Python 3.11 or 3.12 is needed: $(PYTHON) is $(or $(PY_VERSION),not found) (make test PYTHON=python3.12))
endif
endif
PY := $(VENV)/bin/python
SERVE_STAMP := $(VENV)/.installed-serve
TEST_STAMP := $(VENV)/.installed-test
# make serve PORT=8001 (PORT=0: any free port). make build RUNTIME=build/runtime packs a
# runtime mirrored by `make runtime` (online) into the page: no CDN at run time.
PORT ?= 8000
RUNTIME ?=
BUILD_FLAGS = $(if $(RUNTIME),--runtime $(RUNTIME))
# make embed Q="mode=demo&demo=caverns&seed=my-post&ui=0" SITE=https://USER.github.io/REPO/
Q ?=
SITE ?=

.PHONY: setup serve build archive embed runtime test test-fast online flake soak mutate edges bench screenshots screenshots-cli screenshots-game golden-replay clean

# The project (worldgen, the game, the deepisle and worldgen commands) and pygbag: what serving needs.
$(SERVE_STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[game,web]'
	touch $@

# ... and the test tools (pytest, Playwright, the reference libraries, mutmut).
$(TEST_STAMP): $(SERVE_STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[game,web,test]'
	touch $@

# .venv with the project and its commands (deepisle, worldgen)
setup: $(SERVE_STAMP)

serve: $(SERVE_STAMP)
	$(PY) web/build.py --serve --port $(PORT) $(BUILD_FLAGS)

build: $(SERVE_STAMP)
	$(PY) web/build.py $(BUILD_FLAGS)

archive: $(SERVE_STAMP)
	$(PY) web/build.py --archive $(BUILD_FLAGS)

# One figure for a blog: checks the query, keeps it in web/embeds.txt (every build then draws its
# poster), draws the poster into build/web/posters and prints the code to paste (docs/EMBED.md).
embed: $(SERVE_STAMP)
	$(PY) web/embeds.py add "$(Q)" $(if $(SITE),--site "$(SITE)")

runtime: $(SERVE_STAMP)
	$(PY) web/mirror_runtime.py --out build/runtime

test: $(TEST_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

# Everything but the tests that start a browser (tests/conftest.py marks every one `browser`, and one
# that starts Chromium unmarked fails): no Chromium needed. `make test` is still the whole check.
test-fast: $(TEST_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m "not browser"

# The first-online-run suite (tests/test_online.py), each step on the stand-in runtime and on the
# real one: the CDN, or DEEPISLE_RUNTIME=build/runtime after `make runtime`. Timings and screenshots
# go to $$DEEPISLE_EVIDENCE (default: a temporary folder; the run's last lines name it).
online: $(TEST_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m online

# Flaky tests are defects: every test that starts a browser (the page, the embeds, the online suite on
# its stand-in runtime), N times over, and each one that failed even once (tests/flake.py).
N ?= 20
flake: $(TEST_STAMP)
	$(PY) tests/flake.py --runs $(N)

# Save anywhere, at scale: thousands of cuts (after and during builds, mid-walk, mid-rest, mid-fight ...)
# continued in fresh processes and verified, and a saving process killed again and again
# (tests/soak.py; CI runs a bounded set: pytest -k "save and verify").
soak: $(TEST_STAMP)
	$(PY) tests/soak.py --turns 4000 --cuts 100 --kills 40

# Mutation testing (docs/TESTING.md): mutmut over one module with the tests that cover it,
# in build/mutate/; prints the score and every surviving mutant.
# make mutate MODULE=worldgen/core/seeding.py (default game/rules); TESTS="tests/test_x.py ..." picks the tests.
MODULE ?= game/rules
TESTS ?=
mutate: $(TEST_STAMP)
	$(PY) tests/mutation.py $(MODULE) $(if $(TESTS),--tests "$(TESTS)")

# Thresholds at their edges (docs/TESTING.md): every <, <=, >, >= of MODULE moved by one in a scratch
# copy, the module's focused tests run; prints each comparison no test holds at its exact value.
edges: $(TEST_STAMP)
	$(PY) tests/edges.py $(MODULE) --run $(if $(TESTS),--tests "$(TESTS)")

bench: $(SERVE_STAMP)
	$(PY) -m worldgen bench

# The pictures of the README and docs/: the CLI's (listed in docs/pictures.py) and the game's own screenshots.
# tests/test_readme_pictures.py fails when the committed ones differ from what these make.
SHOT_DIR ?= docs/img
screenshots: screenshots-cli screenshots-game

screenshots-cli: $(SERVE_STAMP)
	$(PY) docs/pictures.py $(SHOT_DIR)

screenshots-game: $(SERVE_STAMP)
	$(PY) -m game.tools.shots $(SHOT_DIR)
	$(PY) -m game.tools.place_shots $(SHOT_DIR)

# The committed recording tests/test_replay.py replays: remake it (and raise RULES_VERSION in
# game/rules/persistence/record.py) when a change makes recorded runs play differently.
golden-replay: $(SERVE_STAMP)
	$(PY) -m game.tools.autoplay --runs 1 --world Goldrun --size small --policy careful --max-turns 2500 --record build/golden
	mv build/golden/Goldrun-1-careful.replay.txt tests/data/golden.replay.txt

clean:
	rm -rf build mutants .pytest_cache .hypothesis exports
