# Deepisle: `make serve` builds and serves the web game; `make test` runs every test.
# Both create .venv on first use. Python 3.12 (the browser's version) is preferred.

PYTHON ?= $(firstword $(foreach p,python3.12 $(wildcard $(HOME)/.pyenv/versions/3.12*/bin/python3.12) python3,$(shell $(p) -c 'import sys; print("$(p)" if sys.version_info >= (3, 11) else "")' 2>/dev/null)))
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: serve build archive test bench screenshots clean

$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $@

serve: $(VENV)/.installed
	$(PY) web/build.py --serve --port $(PORT)

build: $(VENV)/.installed
	$(PY) web/build.py

archive: $(VENV)/.installed
	$(PY) web/build.py --archive

test: $(VENV)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: $(VENV)/.installed
	$(PY) -m worldgen bench

# README pictures, made by the project's own CLI: every stage of every generator, and a world.
SHOT_SEED ?= deepisle
screenshots: $(VENV)/.installed
	mkdir -p docs/img
	$(PY) -c 'from worldgen import all_specs; [print(s.name, st, max(1, 480 // s.default_size[0])) for s in all_specs() for st in s.stages]' | \
	while read gen stage scale; do \
		$(PY) -m worldgen $$gen --seed $(SHOT_SEED) --stage $$stage --scale $$scale --out docs/img/$$gen-$$stage.png || exit 1; \
	done
	$(PY) -m worldgen mosaic --seed $(SHOT_SEED) --param preset=civilized --scale 4 --out docs/img/mosaic-civilized.png
	$(PY) -m worldgen world --seed Avalon --location 0 --scale 4 --out docs/img/world-avalon-0.png
	$(PY) -m game.shots docs/img

clean:
	rm -rf build .pytest_cache .hypothesis exports
