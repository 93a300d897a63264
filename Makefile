# Two commands, for a machine with only Python >= 3.10 and make:
#   make lab    create .venv, install genlearn, start JupyterLab on the start notebook
#   make test   the same environment plus the test extras, then the whole suite
# Both are idempotent: nothing is reinstalled unless pyproject.toml changed.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
LAB_ARGS ?=
# JupyterLab refuses to run as root (containers, CI) unless told
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# pytest-xdist: notebooks run in parallel, one worker per file (nbval needs loadscope)
PYTEST_ARGS ?= -n auto --dist loadscope

.PHONY: lab test test-fast bench homework student-release clean web-assets present site handouts

# --no-compile: byte-compiling ~100 packages up front costs more than it saves
PIP := $(BIN)/python -m pip install --quiet --no-compile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-lab: pyproject.toml | $(BIN)/python
	$(PIP) -e .
	@touch $@

# the instructors' tools (genlearn.course: site, handouts, presenter view, hub links)
$(VENV)/.installed-course: pyproject.toml $(VENV)/.installed-lab
	$(PIP) -e ".[course]"
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed-course
	$(PIP) -e ".[course,test]"
	@touch $@

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

# Web assets of the exported static pages (genlearn.course.export: ipywidgets' HTML manager, RequireJS,
# MathJax 2), fetched once with npm into .venv/share/genlearn/web; a no-op once they are there.
# Without npm the static-export test is skipped with that reason.
web-assets: $(VENV)/.installed-course
	@if command -v npm >/dev/null 2>&1; then $(BIN)/python -m genlearn.course.export --install-assets; \
	else echo "warning: npm not found: the static-export test will be skipped (apt-get install nodejs npm)"; fi

# JupyterLab saves the widgets' state with the notebook (the explorers then show their last
# picture when a notebook is reopened, instead of "model not found"): a settings default for this
# environment, from binder/overrides.json (Binder copies the same file in binder/postBuild).
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_OVERRIDES): binder/overrides.json $(VENV)/.installed-lab
	@mkdir -p $(dir $@) && cp binder/overrides.json $@

# LabApp.default_url: the URL printed (and opened) is the start notebook, not the Launcher,
# also with LAB_ARGS=--no-browser (e.g. `make lab PORT=9999 LAB_ARGS=--no-browser`)
START := notebooks/00_start_here.ipynb
lab: $(VENV)/.installed-lab $(LAB_OVERRIDES)
	$(BIN)/jupyter lab --ServerApp.port=$(PORT) --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/$(START) $(ROOT_FLAG) $(LAB_ARGS)

# Presenter view (Voilà, genlearn.course.present): a lesson's outputs without code, full screen.
#   make present NB=02                 lesson 02, whole
#   make present NB=02 ONLY=explorer   lesson 02's explorer alone
#   make present NB=02 PORT=9999 PRESENT_ARGS="--no-browser --theme dark"
PRESENT_ARGS ?=
present: $(VENV)/.installed-course
	$(BIN)/python -m genlearn.course.present $(NB) $(if $(ONLY),--only $(ONLY)) --port $(PORT) $(PRESENT_ARGS)

test: $(VENV)/.installed-test $(VENV)/node/.chp-$(CHP_VERSION) $(VENV)/node/.axe-$(AXE_VERSION) web-assets $(LAB_OVERRIDES)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The developers' quick loop: library tests and doctests only (no notebooks, browser, hub, sandbox or nbgrader runs).
# Land only what the full `make test` passes.
test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PYTEST_ARGS) tests lib --ignore=tests/browser --ignore=tests/hub \
		--ignore=tests/test_grading.py --ignore=tests/test_sandbox.py

bench: $(VENV)/.installed-test $(VENV)/node/.chp-$(CHP_VERSION) web-assets
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# The course as a static site (_site/: open _site/index.html, or copy the folder to any static host)
# and each lesson as one self-contained HTML file (_handouts/), from the notebooks' stored outputs
# and widget state; genlearn.course.site. SITE_ARGS=--execute runs the notebooks first.
SITE_ARGS ?=
site: $(VENV)/.installed-course web-assets
	$(BIN)/python -m genlearn.course.site build _site $(SITE_ARGS)

handouts: $(VENV)/.installed-course web-assets
	$(BIN)/python -m genlearn.course.site handouts _handouts $(SITE_ARGS)

# the student versions of the homework, made by nbgrader from instructor/source/ (nbgrader is a test extra)
homework: $(VENV)/.installed-test
	$(BIN)/python -m genlearn.course.assignments

# the branch `student`: HEAD without instructor/ and the tests, what hub links hand out (genlearn.course.release)
student-release: $(VENV)/.installed-course
	$(BIN)/python -m genlearn.course.release

clean:
	rm -rf $(VENV) .pytest_cache
