# Two commands, for a machine with only Python >= 3.10 and make:
#   make lab    create .venv, install genlearn, start JupyterLab on the start notebook
#   make test   the same environment plus the test extras, then the contributor's tests (Python >= 3.11)
# Both are idempotent: nothing is reinstalled unless pyproject.toml or a lock file changed.
# make test-all is the second tier (browsers, JupyterLite, site, sandbox, hub, install, minimum
# versions): CI runs it after make test (docs/testing.md).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# the JupyterLite build tools' own environment (make lite)
LITE_ENV := $(VENV)/lite
PORT   ?= 8888
LAB_ARGS ?=
# JupyterLab refuses to run as root (containers, CI) unless told
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# pytest-xdist: one worker per core; a test module's tests stay on one worker (its fixtures are shared)
PYTEST_ARGS ?= -n auto --dist loadscope
# make test-all: one worker more than the two cores (its browser tests wait on pages and servers for much of
# their time; benchmarks/bench_tests.py times the tier)
PYTEST_ALL_ARGS ?= -n 3 --dist loadscope --no-loadscope-reorder

.PHONY: lab test test-all test-minimum test-numerics test-next lock bench homework clean web-assets present site handouts lite \
        pdf student-release \
        lint-js explorers

# --no-compile: byte-compiling ~100 packages up front costs more than it saves
PIP := $(BIN)/python -m pip install --quiet --no-compile

# The environments are locked: exact versions with hashes (docs/environments.md), written by
# `make lock` from pyproject.toml and installed with uv (Binder installs the first with pip).
#   binder/requirements.txt          genlearn's dependencies and the course extra: make lab, Binder, a hub
#   tests/requirements.txt           the same versions plus the test extra: make test (Python >= 3.11)
#   tests/requirements-minimum.txt   the lower bounds pyproject.toml declares: make test-minimum
LAB_LOCK  := binder/requirements.txt
TEST_LOCK := tests/requirements.txt
MIN_LOCK  := tests/requirements-minimum.txt
UV_VERSION := 0.13.9
UV := $(BIN)/uv
UV_INSTALL = $(UV) pip install --quiet --require-hashes --python
# Jupyter servers of the environment load genlearn.course.widget_state (the save hook that keeps the
# explorers' stored state): pip installs this file with genlearn, but not for an editable install
SERVER_CONFIG := etc/jupyter/jupyter_server_config.d/genlearn.json

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(UV): | $(BIN)/python
	$(PIP) uv==$(UV_VERSION)

$(VENV)/.installed-lab: $(LAB_LOCK) pyproject.toml lib/genlearn/jupyter-config/genlearn.json | $(UV)
	$(UV_INSTALL) $(BIN)/python -r $(LAB_LOCK)
	$(UV) pip install --quiet --python $(BIN)/python --no-deps -e .
	@mkdir -p $(dir $(VENV)/$(SERVER_CONFIG)) && cp lib/genlearn/jupyter-config/genlearn.json $(VENV)/$(SERVER_CONFIG)
	@touch $@

$(VENV)/.installed-test: $(TEST_LOCK) $(VENV)/.installed-lab
	$(UV_INSTALL) $(BIN)/python -r $(TEST_LOCK)
	@touch $@

# The declared minimum versions (numpy 1.24, scipy 1.10, scikit-learn, matplotlib, ...) in an
# environment of their own, for `make test-minimum`
MIN_VENV := $(VENV)/minimum
$(MIN_VENV)/.installed: $(MIN_LOCK) pyproject.toml | $(UV)
	$(PYTHON) -m venv $(MIN_VENV)
	$(UV_INSTALL) $(MIN_VENV)/bin/python -r $(MIN_LOCK)
	$(UV) pip install --quiet --python $(MIN_VENV)/bin/python --no-deps -e .
	@touch $@

# Rewrite the three lock files from pyproject.toml with uv (keeps the pinned versions that still fit;
# LOCK_ARGS=--upgrade moves everything to the newest versions). The test lock takes the lab lock's
# versions; the minimum lock pins each declared lower bound (uv's lowest-direct resolution) of the
# runtime dependencies and of the test tools the library tests need.
LOCK_ARGS ?=
MIN_TOOLS := pytest hypothesis pandas pytest-xdist nbval
lock: | $(UV)
	$(UV) pip compile pyproject.toml --extra course --universal --python-version 3.10 --generate-hashes \
		--quiet --custom-compile-command "make lock" $(LOCK_ARGS) -o $(LAB_LOCK)
	$(UV) pip compile pyproject.toml --extra course --extra test --universal --python-version 3.11 \
		--generate-hashes --quiet --custom-compile-command "make lock" -c $(LAB_LOCK) $(LOCK_ARGS) -o $(TEST_LOCK)
	$(BIN)/python tests/environments.py minimum-requirements $(MIN_TOOLS) | $(UV) pip compile - \
		--resolution lowest-direct --python-version 3.11 --generate-hashes --quiet \
		--custom-compile-command "make lock" -o $(MIN_LOCK)

# configurable-http-proxy (npm) for the JupyterHub test (tests/hub/); 5.1 still runs on Debian's Node 18.
# Without npm the hub test is skipped with that reason (.ci/run installs Node.js and npm first).
CHP_VERSION := 5.1.0
$(VENV)/node/.chp-$(CHP_VERSION): | $(BIN)/python
	@if command -v npm >/dev/null 2>&1; then \
	    npm install --prefix $(VENV)/node --no-audit --no-fund --loglevel=error \
	        configurable-http-proxy@$(CHP_VERSION) && touch $@; \
	else echo "warning: npm not found: the JupyterHub test will be skipped (apt-get install nodejs npm)"; fi

# axe-core (npm), the accessibility checker the browser tests inject into the presenter and
# static-export pages (tests/browser/test_presenter.py); without npm those audits are skipped.
AXE_VERSION := 4.14.1
$(VENV)/node/.axe-$(AXE_VERSION): | $(BIN)/python
	@if command -v npm >/dev/null 2>&1; then \
	    npm install --prefix $(VENV)/node --no-audit --no-fund --loglevel=error \
	        axe-core@$(AXE_VERSION) && touch $@; \
	else echo "warning: npm not found: the accessibility audits will be skipped (apt-get install npm)"; fi

# Biome (npm), the JavaScript linter of the explorers' ES modules (configuration: biome.json), run by
# `make test` before pytest; without npm the lint is skipped with a warning.
BIOME_VERSION := 2.6.8
$(VENV)/node/.biome-$(BIOME_VERSION): | $(BIN)/python
	@if command -v npm >/dev/null 2>&1; then \
	    npm install --prefix $(VENV)/node --no-audit --no-fund --loglevel=error \
	        @biomejs/biome@$(BIOME_VERSION) && touch $@; \
	else echo "warning: npm not found: the JavaScript lint will be skipped (apt-get install npm)"; fi

# esbuild (npm), the bundler of the explorers' ES modules: `make explorers` writes
# lib/genlearn/explorers/built/ (committed: docs/explorers.md says why) from the sources beside it;
# tests/test_bundle.py fails when a built file is out of date (skipped without npm).
ESBUILD_VERSION := 0.28.2
ESBUILD := $(VENV)/node/node_modules/.bin/esbuild
$(VENV)/node/.esbuild-$(ESBUILD_VERSION): | $(BIN)/python
	@if command -v npm >/dev/null 2>&1; then \
	    npm install --prefix $(VENV)/node --no-audit --no-fund --loglevel=error \
	        esbuild@$(ESBUILD_VERSION) && touch $@; \
	else echo "warning: npm not found: the explorers' bundles cannot be rebuilt or checked (apt-get install npm)"; fi

explorers: $(VENV)/.installed-lab $(VENV)/node/.esbuild-$(ESBUILD_VERSION)
	$(BIN)/python -m genlearn.explorers._bundle $(ESBUILD)

lint-js: $(VENV)/node/.biome-$(BIOME_VERSION)
	@if [ -x $(VENV)/node/node_modules/.bin/biome ]; then \
	    $(VENV)/node/node_modules/.bin/biome lint --error-on-warnings; \
	else echo "warning: no biome: the JavaScript lint is skipped"; fi

# Web assets of the exported static pages (genlearn.course.export: ipywidgets' HTML manager, RequireJS,
# MathJax 2), fetched once with npm into .venv/share/genlearn/web; a no-op once they are there.
# Without npm the static-export test is skipped with that reason.
web-assets: $(VENV)/.installed-lab
	@if command -v npm >/dev/null 2>&1; then $(BIN)/python -m genlearn.course.export --install-assets; \
	else echo "warning: npm not found: the static-export test will be skipped (apt-get install nodejs npm)"; fi

# `make lab` trusts the suite's own lessons (you chose to clone them), so that their explorers are
# live from the first look, before any cell runs; LabApp.default_url: the URL printed (and opened)
# is the start notebook, not the Launcher, also with LAB_ARGS=--no-browser
# (e.g. `make lab PORT=9999 LAB_ARGS=--no-browser`)
START := notebooks/00_start_here.ipynb
lab: $(VENV)/.installed-lab
	$(BIN)/jupyter trust --log-level=WARN notebooks/*.ipynb
	$(BIN)/jupyter lab --ServerApp.port=$(PORT) --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/$(START) $(ROOT_FLAG) $(LAB_ARGS)

# Presenter view (Voilà, genlearn.course.present): a lesson's outputs without code, one section a screen.
#   make present NB=02                   lesson 02, whole
#   make present NB=02 ONLY=explorer     lesson 02's explorer alone (ONLY=explorer:2, or its name: ONLY=message)
#   make present NB=02 ANSWERS=1         with the exercises' worked answers, one at a time (instructors)
#   make present NB=02 PORT=9999 PRESENT_ARGS="--no-browser --theme dark"
PRESENT_ARGS ?=
present: $(VENV)/.installed-lab
	$(BIN)/python -m genlearn.course.present $(NB) $(if $(ONLY),--only $(ONLY)) $(if $(ANSWERS),--answers) \
		--port $(PORT) $(PRESENT_ARGS)

# The contributor's check (docs/testing.md): the library, its doctests, the estimator checks, the
# explorer contract and the Node twins, the linters and the repository checks, and every lesson and the
# homework with its solutions run by nbval (each cell a test; cells tagged nbval-check-output print their
# stored output). Tests marked `full` (conftest.py) are the second tier, `make test-all`.
NBVAL_NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb)) $(sort $(wildcard instructor/source/*/*.ipynb))
test: $(VENV)/.installed-test lint-js $(VENV)/node/.esbuild-$(ESBUILD_VERSION)
	$(BIN)/python -m pytest $(PYTEST_ARGS) -m "not full" --nbval-lax tests lib $(NBVAL_NOTEBOOKS)

# The second tier, after `make test` (CI runs both): JupyterLab, Notebook 7 and Voila in Chromium,
# JupyterLite, accessibility, the site and handouts, nbgrader through the sandbox, the hub, the
# install, the library tests and one lesson with the declared minimum versions, and the library tests once
# more under perturbed numerics (numpy without AVX2 / AVX-512, one BLAS thread: make test-numerics' first pass).
test-all: $(VENV)/.installed-test $(VENV)/node/.chp-$(CHP_VERSION) $(VENV)/node/.axe-$(AXE_VERSION) web-assets \
          $(LITE_ENV)/.installed
	$(BIN)/python -m pytest $(PYTEST_ALL_ARGS) -m full tests
	$(MAKE) test-minimum
	$(BIN)/python tests/environments.py run-numerics --no-lessons narrow-simd

# The library tests and one lesson (nbval) in the environment of the declared minimum versions
# (tests/environments.py says which tests); part of `make test-all`.
test-minimum: $(MIN_VENV)/.installed
	$(BIN)/python tests/environments.py run-minimum

# A second machine of one's own (docs/testing.md): the library tests (the lessons' tests among them) and nbval
# over every lesson, again under perturbed numerics, one pass each of tests/environments.py's NUMERIC_PASSES
# (numpy's dispatch without AVX2 / AVX-512 and one BLAS thread; two BLAS threads; the minimum versions).
# Run it after any change to a number a test compares. NUMERICS=two-threads runs one pass.
NUMERICS ?=
test-numerics: $(VENV)/.installed-test $(MIN_VENV)/.installed
	$(BIN)/python tests/environments.py run-numerics $(NUMERICS)

# The newest releases, pre-releases included, of genlearn's dependencies and of the test tools of
# test-minimum (MIN_TOOLS), unlocked, in .venv/next, built anew at every run: the library tests and
# every lesson (nbval) there (tests/environments.py). Run it before a term (docs/testing.md, "The next
# releases"); not part of test-all, as its result moves with the registry.
NEXT_VENV := $(VENV)/next
test-next: | $(UV)
	rm -rf $(NEXT_VENV)
	$(PYTHON) -m venv $(NEXT_VENV)
	$(BIN)/python tests/environments.py next-requirements $(MIN_TOOLS) | $(UV) pip install --quiet \
		--python $(NEXT_VENV)/bin/python --upgrade --prerelease allow -r -
	$(UV) pip install --quiet --python $(NEXT_VENV)/bin/python --no-deps -e .
	$(BIN)/python tests/environments.py run-next

bench: $(VENV)/.installed-test $(VENV)/node/.chp-$(CHP_VERSION) web-assets $(LITE_ENV)/.installed
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# The course as a static site (_site/: open _site/index.html, or copy the folder to any static host)
# and each lesson as one self-contained HTML file (_handouts/), from the notebooks' stored outputs
# and widget state; genlearn.course.site. SITE_ARGS=--execute runs the notebooks first.
SITE_ARGS ?=
site: $(VENV)/.installed-lab web-assets $(LITE_ENV)/.installed
	$(BIN)/python -m genlearn.course.site build _site $(SITE_ARGS)

handouts: $(VENV)/.installed-lab web-assets
	$(BIN)/python -m genlearn.course.site handouts _handouts $(SITE_ARGS)

# Every lesson in the browser, with no server and no network (JupyterLite, genlearn.course.lite): _lite/ is a
# static folder (python -m http.server -d _lite, or any static host). The build tools live in their own
# environment, .venv/lite/ (pinned in lib/genlearn/course/lite-tools.txt), so that JupyterLite's lab extensions
# never reach the JupyterLab of .venv; the Python runtime comes from npm (pyodide), hence npm is needed once.
LITE_ARGS ?=
$(LITE_ENV)/.installed: lib/genlearn/course/lite-tools.txt | $(BIN)/python
	$(BIN)/python -m venv $(LITE_ENV)
	$(LITE_ENV)/bin/python -m pip install --quiet --no-compile -r lib/genlearn/course/lite-tools.txt
	@touch $@

lite: $(VENV)/.installed-lab $(LITE_ENV)/.installed
	$(BIN)/python -m genlearn.course.lite build _lite $(LITE_ARGS)

# Each lesson as a printable PDF without code (_pdf/a4/ and _pdf/letter/), printed by Chromium from the
# stored outputs, explorers frozen at their stored setting; genlearn.course.pdf. Printing drives Chromium
# with Playwright, a test extra. PDF_ARGS="--lessons 02 06" for some lessons, "--paper a4" for one paper.
PDF_ARGS ?=
pdf: $(VENV)/.installed-test web-assets
	$(BIN)/python -m genlearn.course.pdf _pdf $(PDF_ARGS)

# the student versions of the homework, made by nbgrader from instructor/source/ (nbgrader is a test extra)
homework: $(VENV)/.installed-test
	$(BIN)/python -m genlearn.course.assignments

# the branch `student`: HEAD without instructor/ and the tests, what hub links hand out (genlearn.course.release)
student-release: $(VENV)/.installed-lab
	$(BIN)/python -m genlearn.course.release

clean:
	rm -rf $(VENV) .pytest_cache
