"""Drive JupyterLab in headless Chromium: shared by the browser tests and
benchmarks/bench_browser.py.

* :class:`LabServer` starts ``jupyter lab`` from the project environment on
  127.0.0.1, a free port and a random token, with fresh config, runtime,
  settings and workspace folders (the user's own JupyterLab settings never leak
  in; autosave is off so that running a notebook never rewrites it on disk).
* :func:`launch_chromium` starts Debian's Chromium (``/usr/bin/chromium``);
  Playwright never downloads a browser here.
* :func:`open_notebook`, :func:`run_all_cells`, :func:`find_problems` and
  :func:`interactive_figures` / :func:`move_slider` are what a learner does:
  open a notebook, choose Run > Run All Cells, look at the outputs, press the
  arrow keys on a slider.
"""
import contextlib
import functools
import http.server
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import warnings
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-quic",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 1000}

# Settings a fresh JupyterLab starts with: no news pop-up, no update check (they would reach the
# internet), and no autosave (a test that runs notebooks must not rewrite them on disk).
NO_NETWORK_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    **NO_NETWORK_SETTINGS,
}

WIDGET_REPR = re.compile(
    r"^\s*(interactive|VBox|HBox|Box|GridBox|FloatSlider|IntSlider|SelectionSlider|"
    r"Dropdown|Checkbox|ToggleButtons|RadioButtons|Image|HTML|Output|Button|Tab|"
    r"Accordion|Play|FloatText|IntText)\((children|value|layout|description|options|"
    r"outputs|format|index)?"
)
FIGURE_REPR = re.compile(r"^\s*<(matplotlib\.figure\.)?Figure( size [\d.]+x[\d.]+)? with \d+ Axes>")


def chromium_available():
    return CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK)



def web_assets_or_skip(what):
    """Make sure the static pages' web assets are there (fetching them with npm once),
    or skip the calling test with that reason (``what``: whose tests are skipped)."""
    import pytest

    from genlearn.course import export

    if export.assets_ready():
        return
    if shutil.which("npm") is None:
        reason = (f"{what} skipped: no web assets and no npm to fetch them "
                  "(apt-get install npm; then python -m genlearn.course.export --install-assets)")
        warnings.warn(reason)
        pytest.skip(reason)
    export.install_assets()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve_folder(folder):
    """A plain static file server for ``folder`` on 127.0.0.1 and a free port; yields its base URL."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_executable():
    venv = REPO / ".venv" / "bin" / "jupyter"
    if venv.exists():
        return str(venv)
    found = shutil.which("jupyter")
    if found is None:
        raise RuntimeError("no `jupyter` executable: run `make test` to create .venv")
    return found


class LabServer:
    """A JupyterLab server in a temporary, isolated Jupyter environment.

    Parameters
    ----------
    root_dir : path or None
        Passed as ``--ServerApp.root_dir``; None leaves the server default
        (the working directory), as on Binder.
    cwd : path
        Working directory of the server (default: the repository root).
    wrapper : list of str
        Command prefix, e.g. ``["binder/start"]``.
    settings : dict
        The user settings JupyterLab starts with (default :data:`LAB_SETTINGS`;
        :data:`NO_NETWORK_SETTINGS` keeps JupyterLab's defaults, autosave on).
    extra_args : list of str
        More options of ``jupyter lab``.

    The Jupyter data folder is temporary too: notebooks trusted with
    :meth:`trust` are trusted by this server only.
    """

    def __init__(self, root_dir=REPO, cwd=REPO, wrapper=(), startup_timeout=90, settings=None, extra_args=()):
        self.settings = LAB_SETTINGS if settings is None else settings
        self.extra_args = list(extra_args)
        self.root_dir = root_dir
        self.cwd = Path(cwd)
        self.wrapper = list(wrapper)
        self.startup_timeout = startup_timeout
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None
        self.tmp = None
        self.log_path = None

    # -- lifecycle ---------------------------------------------------------
    def start(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="genlearn-lab-"))
        env = dict(os.environ)
        for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                         ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"), ("IPYTHONDIR", "ipython")]:
            (self.tmp / sub).mkdir()
            env[var] = str(self.tmp / sub)
        self.env = env
        for rel, value in self.settings.items():
            path = self.tmp / "settings" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value))
        env["PATH"] = str(Path(jupyter_executable()).parent) + os.pathsep + env.get("PATH", "")
        env.pop("JUPYTER_TOKEN", None)
        # free_port() lets the port go before the server binds it: another process may take it
        # meanwhile, and the server (port_retries=0) then exits; a new port is tried, twice at most
        for attempt in range(3):
            if attempt:
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}"
            if self._launch(env):
                return self
        raise RuntimeError(f"jupyter lab found no free port in three tries:\n{self.log()}")

    def _launch(self, env):
        """Start the server on self.port; True once it answers, False if the port was taken."""
        cmd = self.wrapper + [
            jupyter_executable(), "lab", "--no-browser", "--ip=127.0.0.1",
            f"--port={self.port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            # checkpoints go to the temporary folder, not beside the notebooks
            f"--FileCheckpoints.checkpoint_dir={self.tmp / 'checkpoints'}",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")  # containers and CI runners
        if self.root_dir is not None:
            cmd.append(f"--ServerApp.root_dir={self.root_dir}")
        cmd += self.extra_args
        self.log_path = self.tmp / "server.log"
        log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, cwd=self.cwd, env=env, stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if any(f"port {self.port} is {w}" in self.log() for w in ("not available", "already in use")):
                    return False
                raise RuntimeError(f"jupyter lab exited with {self.proc.returncode}:\n{self.log()}")
            try:
                self.api("GET", "/api/status")
                return True
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"jupyter lab did not answer within {self.startup_timeout} s:\n{self.log()}")

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.shutdown_kernels()
            except Exception:
                pass
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        if self.proc is not None:
            # the server's process group: the server and the kernels it started
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.proc.wait(timeout=10)
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def __enter__(self):
        return self.start()

    def trust(self, paths):
        """``jupyter trust`` the notebooks (as ``make lab`` does), in this server's data folder."""
        env = dict(self.env) if getattr(self, "env", None) else None
        if env is None:
            raise RuntimeError("start the server first")
        subprocess.run([jupyter_executable(), "trust", "--log-level=WARN", *map(str, paths)], env=env,
                       check=True, capture_output=True, timeout=120)

    def __exit__(self, *exc):
        self.stop()

    # -- REST --------------------------------------------------------------
    def api(self, method, path, timeout=10):
        req = urllib.request.Request(self.url + path, method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self):
        """Delete every session and kernel (between notebooks, to free the CPU). A kernel left alive
        would keep the widgets of one test for the next page that opens the same notebook (the
        widget manager loads the kernel's models over the notebook's stored ones): generous
        time-outs, for a loaded machine."""
        deadline = time.monotonic() + 90
        while True:
            sessions = self.api("GET", "/api/sessions", timeout=60)
            kernels = self.api("GET", "/api/kernels", timeout=60)
            if not sessions and not kernels:
                return
            # a session the closed page was still creating can appear after the first pass: go again
            for s in sessions:
                with contextlib.suppress(urllib.error.HTTPError):
                    self.api("DELETE", f"/api/sessions/{s['id']}", timeout=60)
            for k in kernels:
                with contextlib.suppress(urllib.error.HTTPError):
                    self.api("DELETE", f"/api/kernels/{k['id']}", timeout=60)
            if time.monotonic() > deadline:
                raise RuntimeError(f"kernels still running after 90 s: {kernels}")
            time.sleep(1)

    def run_in_kernel(self, code, timeout=30):
        """Run ``code`` in the server's only kernel as a second client beside the page
        (as a console attached to the notebook would) and return what it printed."""
        from jupyter_client import BlockingKernelClient

        (kernel,) = self.api("GET", "/api/kernels")
        client = BlockingKernelClient()
        client.load_connection_file(str(self.tmp / "runtime" / f"kernel-{kernel['id']}.json"))
        client.start_channels()
        try:
            printed = []

            def keep(msg):
                if msg["msg_type"] == "stream":
                    printed.append(msg["content"]["text"])
                elif msg["msg_type"] == "error":
                    printed.append("\n".join(msg["content"]["traceback"]))

            reply = client.execute_interactive(code, timeout=timeout, output_hook=keep)
            if reply["content"]["status"] != "ok":
                raise AssertionError(f"{code!r} failed in the kernel:\n{''.join(printed)}")
            return "".join(printed)
        finally:
            client.stop_channels()

    def log(self):
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except (OSError, AttributeError):
            return ""

    def lab_url(self, urlpath, reset=False):
        """``/lab/tree/<path>`` (or any url path) with the token; ``reset`` starts
        from an empty workspace (no tabs left over from the previous notebook)."""
        query = ("reset&" if reset else "") + f"token={self.token}"
        return f"{self.url}/{urlpath.lstrip('/')}?{query}"


def launch_chromium(playwright, extra_args=()):
    """Debian's Chromium, headless, with a fresh user-data-dir (and ``extra_args``,
    e.g. ``--enable-gpu-benchmarking`` for the benchmark's synthetic drags).

    Returns ``(context, cleanup)``: a persistent context and a function that
    closes it and removes the profile folder."""
    profile = tempfile.mkdtemp(prefix="genlearn-chromium-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=str(CHROMIUM), headless=True,
        args=CHROMIUM_ARGS + list(extra_args),
        viewport=VIEWPORT,
    )

    def cleanup():
        try:
            context.close()
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    return context, cleanup


# ---------------------------------------------------------------------------
# notebook actions
# ---------------------------------------------------------------------------
KERNEL_READY_JS = """() => {
  const dialog = document.querySelector('.jp-Dialog');
  if (dialog) return 'dialog';
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return null;
  const ind = panel.querySelector('.jp-Notebook-ExecutionIndicator');
  const name = panel.querySelector('.jp-KernelName, .jp-Toolbar-kernelName');
  const status = ind ? ind.getAttribute('data-status') : null;
  if (status === 'idle' && name && !/no kernel/i.test(name.textContent)) return 'ready';
  return null;
}"""


class NotebookProblem(AssertionError):
    pass


def notebook_ready(page, timeout=90):
    """Wait until the notebook JupyterLab is opening has an idle kernel and its cells in the page; returns
    KERNEL_READY_JS's answer ("dialog" when a dialog showed instead: the cells are not waited for)."""
    state = page.wait_for_function(KERNEL_READY_JS, timeout=timeout * 1000, polling=200).json_value()
    if state != "dialog":
        page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell", timeout=timeout * 1000)
    return state


def open_notebook(page, server, path, timeout=90, reset=True):
    """Open ``path`` (relative to the server root) in JupyterLab and wait until
    its kernel is idle. Raises NotebookProblem when a dialog (kernel picker,
    file not found...) appears instead."""
    page.goto(server.lab_url(f"lab/tree/{path}", reset=reset), wait_until="domcontentloaded")
    state = notebook_ready(page, timeout)
    if state == "dialog":
        text = page.locator(".jp-Dialog").first.inner_text()
        raise NotebookProblem(
            f"{path}: JupyterLab showed a dialog on opening instead of starting the kernel "
            f"(missing kernelspec metadata?): {text.strip()[:300]!r}")
    title = page.locator(".lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel").first.inner_text()
    if title.strip() != Path(path).name:
        raise NotebookProblem(f"{path}: the current tab is {title!r}, not the notebook")
    return state


#: JavaScript: (panel) => true once every non-empty code cell of the notebook panel
#: has run, or an error stopped Run All (the cells after it stay unexecuted).
CELLS_RAN_JS = r"""(panel) => {
  let pending = 0;
  for (const cell of panel.querySelectorAll('.jp-CodeCell')) {
    const src = cell.querySelector('.jp-InputArea-editor .cm-content');
    if (src && src.textContent.trim() === '') continue;
    const prompt = (cell.querySelector('.jp-InputPrompt') || {}).textContent || '';
    if (prompt.includes('*')) return false;
    if (!/\[\d+\]/.test(prompt)) pending += 1;
  }
  if (pending === 0) return true;
  return panel.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]') !== null;
}"""


def run_all_cells(page, timeout=240):
    """Run > Run All Cells from the menu bar, then wait for the kernel to go idle
    with every non-empty code cell executed (or an error stopping the run)."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    js = f"""() => {{
      const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
      const ind = panel.querySelector('.jp-Notebook-ExecutionIndicator');
      if (!ind || ind.getAttribute('data-status') !== 'idle') return false;
      return ({CELLS_RAN_JS})(panel);
    }}"""
    # the indicator may still say idle right after the click: let the run start
    page.wait_for_timeout(500)
    page.wait_for_function(js, timeout=timeout * 1000, polling=250)


PROBLEMS_JS = r"""([widgetRepr, figureRepr]) => {
  const problems = [];
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const cells = Array.from(panel.querySelectorAll('.jp-Cell'));
  const where = el => {
    const cell = el.closest('.jp-Cell');
    return 'cell ' + (cells.indexOf(cell) + 1);
  };
  const wr = new RegExp(widgetRepr), fr = new RegExp(figureRepr);
  for (const out of panel.querySelectorAll('.jp-OutputArea-output')) {
    const mime = out.getAttribute('data-mime-type');
    const text = out.textContent || '';  // innerText is empty off screen (content-visibility)
    if (mime === 'application/vnd.jupyter.stderr' &&
        (/Traceback/.test(text) || /^\s*\w*(Error|Exception)\b/m.test(text)))
      problems.push(where(out) + ': error output: ' + text.trim().slice(0, 400));
    const plain = mime === 'text/plain' || mime === 'application/vnd.jupyter.stdout';
    if (plain && wr.test(text))
      problems.push(where(out) + ': widget shown as plain text: ' + text.trim().slice(0, 120));
    if (plain && fr.test(text))
      problems.push(where(out) + ': figure shown as plain text: ' + text.trim().slice(0, 120));
  }
  const body = Array.from(panel.querySelectorAll('.jp-OutputArea-output')).map(o => o.textContent).join('\n');
  if (/Loading widget/.test(body)) problems.push('a widget still shows "Loading widget..."');
  for (const m of body.matchAll(/Error (displaying|rendering) widget[^\n]*/g))
    problems.push('widget error: ' + m[0]);
  for (const img of panel.querySelectorAll('.jp-OutputArea-output img')) {
    if (!img.complete || img.naturalWidth === 0 || img.naturalHeight === 0)
      problems.push(where(img) + ': figure not rendered (img ' + (img.complete ? 'broken' : 'not loaded') + ')');
  }
  // explorers (genlearn.explorers.explorer) draw their first frame as soon as they are shown
  for (const ex of panel.querySelectorAll('.genlearn-explorer')) {
    if (!(Number(ex.dataset.frames) > 0) || !ex.dataset.state)
      problems.push(where(ex) + ': explorer "' + ex.getAttribute('aria-label') + '" drew nothing');
  }
  return problems;
}"""


def find_problems(page, settle_timeout=30):
    """What a learner would see as broken after the run, as a list of strings.

    Waits (up to ``settle_timeout`` s) for widgets to finish loading and for
    every image to decode before judging."""
    settled = """() => {
      const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
      for (const o of panel.querySelectorAll('.jp-OutputArea-output'))
        if (/Loading widget/.test(o.textContent)) return false;
      for (const img of panel.querySelectorAll('.jp-OutputArea-output img'))
        if (!img.complete) return false;
      for (const ex of panel.querySelectorAll('.genlearn-explorer'))
        if (!(Number(ex.dataset.frames) > 0)) return false;
      return true;
    }"""
    try:
        page.wait_for_function(settled, timeout=settle_timeout * 1000, polling=250)
    except Exception:
        pass  # judged below: the problems say what did not settle
    return page.evaluate(PROBLEMS_JS, [WIDGET_REPR.pattern, FIGURE_REPR.pattern])


#: What an output shows when the widget manager has no model for it.
MODEL_NOT_FOUND = "Error displaying widget: model not found"


#: How the warning about a lost restore race begins (a plain UserWarning: pytest-xdist's controller
#: rebuilds each warning's category by importing its module, and it cannot import this one).
RESTORE_RACE = "UpstreamRestoreRace"


def saved_widgets_shown(page, reopen, what):
    """For a notebook opened and not run: return :func:`find_problems`, after reopening the page
    at most once if a saved widget lost an upstream race, which is then reported as a warning.

    jupyterlab_widgets 3.0 (ipywidgets 8.1) restores a notebook's saved widgets in two passes:
    one from the kernel and then the notebook's stored state, started when the notebook opens,
    and one from the kernel alone, started when the kernel's connection reports "connected".
    The second pass can mark the manager restored before the first has read the stored state;
    an output that asks for its model in that window waits 2 s and then shows
    :data:`MODEL_NOT_FOUND` for good (re-running the cell, or reopening, shows the widget). It
    needs a kernel slow to answer, which the loaded test machine has and a learner's laptop
    seldom does. A second loss in a row is not forgiven: it is in the problems returned.
    """
    problems = find_problems(page)
    if not any(MODEL_NOT_FOUND in p for p in problems):
        return problems
    warnings.warn(f"{RESTORE_RACE}: {what}: {sum(MODEL_NOT_FOUND in p for p in problems)} saved widget(s) "
                  f"showed {MODEL_NOT_FOUND!r} (jupyterlab_widgets' restore race); reopened once",
                  UserWarning, stacklevel=2)
    reopen()
    return find_problems(page)


def count_figures(page):
    return page.evaluate("""() => {
      const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
      return panel.querySelectorAll('.jp-OutputArea-output img').length;
    }""")


# ---------------------------------------------------------------------------
# interactive figures
# ---------------------------------------------------------------------------
TAG_JS = r"""() => {
  // Tag every interactive figure (ipywidgets.Image) with data-bt-fig=i and the
  // controls of its panel: the nearest enclosing widget box that has a slider.
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const imgs = Array.from(panel.querySelectorAll('img.widget-image, .widget-image img'));
  const out = [];
  imgs.forEach((img, i) => {
    img.setAttribute('data-bt-fig', String(i));
    let box = img.parentElement, slider = null;
    while (box && !box.classList.contains('jp-OutputArea-output')) {
      slider = box.querySelector('.widget-slider .noUi-handle, .widget-slider .slider-container');
      if (slider) break;
      box = box.parentElement;
    }
    const info = {index: i, slider: null, labels: []};
    if (slider && box) {
      box.setAttribute('data-bt-panel', String(i));
      const s = slider.closest('.widget-slider');
      s.setAttribute('data-bt-slider', String(i));
      info.slider = (s.querySelector('.widget-label') || {}).textContent || '';
      info.labels = Array.from(box.querySelectorAll('.widget-slider .widget-label'))
                         .map(l => l.textContent);
    }
    const cell = img.closest('.jp-Cell');
    info.cell = Array.from(panel.querySelectorAll('.jp-Cell')).indexOf(cell) + 1;
    out.push(info);
  });
  return out;
}"""

STATE_JS = r"""async (i) => {
  const img = document.querySelector(`[data-bt-fig="${i}"]`);
  const box = document.querySelector(`[data-bt-panel="${i}"]`);
  const slider = document.querySelector(`[data-bt-slider="${i}"]`);
  let digest = null;
  try {
    const buf = await (await fetch(img.src)).arrayBuffer();
    const h = await crypto.subtle.digest('SHA-256', buf);
    digest = Array.from(new Uint8Array(h)).map(b => b.toString(16).padStart(2, '0')).join('');
  } catch (e) { digest = 'unreadable:' + e; }
  const readouts = box ? Array.from(box.querySelectorAll('.widget-html, .widget-htmlmath'))
                              .map(e => e.textContent.trim()) : [];
  const value = slider ? ((slider.querySelector('.widget-readout') || {}).textContent || '') : '';
  return {src: img.src, digest, readouts, value,
          ok: img.complete && img.naturalWidth > 0};
}"""


def interactive_figures(page):
    """Tag and describe the interactive figures of the open notebook."""
    return page.evaluate(TAG_JS)


def figure_state(page, i):
    return page.evaluate(STATE_JS, i)


def focus_slider(page, i):
    """Focus the slider handle of figure ``i``'s panel, as a keyboard user would
    after clicking it."""
    handle = page.locator(f'[data-bt-slider="{i}"] .noUi-handle').first
    handle.scroll_into_view_if_needed()
    handle.focus()
    return handle


def move_slider(page, i, presses=3, timeout=20):
    """Press an arrow key ``presses`` times on figure ``i``'s slider (ArrowRight,
    or ArrowLeft when the slider already sits at its maximum) and wait for the
    figure to be redrawn. Returns ``(before, after)`` figure states."""
    before = figure_state(page, i)
    focus_slider(page, i)
    key = "ArrowRight"
    for attempt in range(2):
        for _ in range(presses):
            page.keyboard.press(key)
            page.wait_for_timeout(60)
        moved = page.evaluate(
            """([i, v]) => {const s = document.querySelector(`[data-bt-slider="${i}"]`);
               return ((s.querySelector('.widget-readout') || {}).textContent || '') !== v;}""",
            [i, before["value"]])
        if moved:
            break
        key = "ArrowLeft"
    try:
        page.wait_for_function(
            """([i, src]) => {const img = document.querySelector(`[data-bt-fig="${i}"]`);
               return img.src !== src && img.complete && img.naturalWidth > 0;}""",
            arg=[i, before["src"]], timeout=timeout * 1000, polling=100)
    except Exception:
        pass  # reported by the caller from the unchanged state
    # let the last key press's update land, then read the settled state
    page.wait_for_timeout(400)
    return before, figure_state(page, i)


def screenshot(page, path):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        page.screenshot(path=str(path))
        return path
    except Exception:
        return None


def guard_requests(page, allowed):
    """``page``, with every request outside ``allowed`` (a URL prefix; ``data:`` and ``blob:`` URLs
    are the page's own) aborted and recorded in ``page.outside``, and console and page errors
    recorded in ``page.errors``. Returns ``page``."""
    page.outside, page.errors = [], []
    page.on("console", lambda m: page.errors.append(m.text[:300]) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)[:300]))

    def guard(route):
        if route.request.url.startswith((allowed, "data:", "blob:")):
            route.continue_()
        else:
            page.outside.append(route.request.url)
            route.abort()

    page.route("**/*", guard)
    return page


def open_guarded(chromium, url, allowed):
    """A new tab on ``url`` whose requests outside ``allowed`` (a prefix) are aborted and recorded
    (:func:`guard_requests`)."""
    page = guard_requests(chromium.new_page(), allowed)
    page.set_default_timeout(60_000)
    page.goto(url, wait_until="load")
    return page


# ---------------------------------------------------------------------------
# explorers (anywidget, drawn by the page): found by accessible name
# ---------------------------------------------------------------------------
def explorer(page, name, timeout=60):
    """The explorer whose root element (role="group") is named ``name``, once it
    has drawn its first frame. Returns a Playwright locator."""
    return drawn(page, page.get_by_role("group", name=name, exact=True).first, timeout)


def new_tab(context, shots=None):
    """A tab of ``context`` as the browser tests use it: a 60 s default timeout, the page's uncaught
    JavaScript errors kept in ``page.genlearn_errors``, and ``page.genlearn_shots``, the folder the
    failure hook (conftest.py) puts its screenshot in."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.genlearn_errors = []
    page.on("pageerror", lambda exc: page.genlearn_errors.append(str(exc)[:300]))
    page.genlearn_shots = shots
    return page


#: The start of the warning ``drawn`` gives when JupyterLab's windowed notebook showed a blank panel. A plain
#: UserWarning, as every warning of the test helpers: pytest-xdist's controller rebuilds a worker's warning by
#: importing its class's module, and a class of this module (not on the controller's path) made the worker
#: "go down" and the run end in an INTERNALERROR.
BLANK_NOTEBOOK = "BlankNotebook"


#: JavaScript: (scroller selector) -> whether a cell of the windowed notebook lies in its view (rendered).
CELLS_IN_VIEW_JS = """s => { const e = document.querySelector(s), r = e.getBoundingClientRect();
  return Array.from(e.querySelectorAll('.jp-Cell')).some(c => { const b = c.getBoundingClientRect();
    return b.height > 0 && b.bottom > r.top && b.top < r.bottom; }); }"""


def _blank(page, scroller):
    """True when the windowed notebook shows no cell at all in its view."""
    return bool(page.locator(scroller).count()) and not page.evaluate(CELLS_IN_VIEW_JS, scroller)


def _scroll_to(page, root, scroller):
    """Scroll the windowed notebook from the top until ``root`` is in the page (or its end is reached)."""
    # each step waits until cells fill the view again (a loaded machine renders them late: a scroll that
    # did not wait would pass the element by); a second pass from the top, slower, if the first missed it
    for pause in (150, 600):
        if root.count() or not page.locator(scroller).count():
            return
        page.evaluate("s => document.querySelector(s).scrollTo(0, 0)", scroller)
        for _ in range(200):
            try:
                page.wait_for_function(CELLS_IN_VIEW_JS, arg=scroller, timeout=10_000, polling=50)
            except Exception:
                pass  # an empty stretch (or a slow page): look anyway, and go on
            page.wait_for_timeout(pause)
            if root.count():
                return
            at_end = page.evaluate("""s => { const e = document.querySelector(s);
                const end = e.scrollTop + e.clientHeight >= e.scrollHeight - 2;
                e.scrollBy(0, e.clientHeight * 0.8); return end; }""", scroller)
            if at_end:
                page.wait_for_timeout(500)
                break
        if _blank(page, scroller):
            return


def drawn(page, root, timeout=60):
    """Locator ``root`` (an explorer's root element), once it is in the page and has drawn its first
    frame. JupyterLab renders only the cells near the view (windowed notebook): the notebook is
    scrolled from the top until the element is in the page."""
    scroller = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"
    _scroll_to(page, root, scroller)
    # a windowed notebook that shows no cell at all (seen on a loaded machine: a blank panel that scrolling
    # does not fill): first a resize, which makes JupyterLab lay its cells out again, then a reload of the
    # page (the notebook's URL opens it again); each said in a warning, not hidden
    for remedy in ("resized", "reloaded"):
        if root.count() or not _blank(page, scroller):
            break
        warnings.warn(f"{BLANK_NOTEBOOK}: the notebook panel showed no cell; the page was {remedy} to redraw it")
        if remedy == "resized":
            size = page.viewport_size
            page.set_viewport_size({"width": size["width"] - 1, "height": size["height"]})
            page.wait_for_timeout(300)
            page.set_viewport_size(size)
        else:
            page.reload(wait_until="domcontentloaded")
            notebook_ready(page, timeout)
        _scroll_to(page, root, scroller)
    root.wait_for(state="attached", timeout=timeout * 1000)
    root.scroll_into_view_if_needed()
    page.wait_for_function(
        "el => el.dataset.state && Number(el.dataset.frames) > 0",
        arg=root.element_handle(), timeout=timeout * 1000, polling=100)
    return root


#: Explorers a lesson shows that ``cls.example()`` does not rebuild (the lesson builds them from what
#: it fitted or asks): their page's numbers have tests of their own.
NOT_REBUILT = {
    "MessageExplorer": "fitted to the SMS Spam Collection in lesson 06 (test_naive_bayes_text_explorer.py)",
    "Predict": "a question to the learner, not a figure (test_predict_reveal.py)",
}


def _stored_explorers():
    """{anywidget id: (notebook path, stored model state)}, the first lesson showing each, by file order."""
    found = {}
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        models = nb.get("metadata", {}).get("widgets", {}).get(
            "application/vnd.jupyter.widget-state+json", {}).get("state", {})
        for model in models.values():
            found.setdefault(model.get("state", {}).get("_anywidget_id"), (path, model["state"]))
    return found


def lesson_explorers(rebuildable=True):
    """``[(notebook, explorer class), ...]``: each explorer class and the first lesson notebook
    (``notebooks/*.ipynb``, by its stored widget state) that shows it, in notebook order.

    With ``rebuildable`` only the explorers that ``cls.example(**params)`` rebuilds in Python (all
    but :data:`NOT_REBUILT`): their page's numbers can be checked against ``expected_state()``;
    :func:`rebuilt_differences` (run inside a test) proves that the lesson's explorer holds the
    example's data. Nothing here computes: it reads the notebooks' stored widget state."""
    from genlearn.explorers.explorer import explorer_classes

    found = _stored_explorers()
    out = []
    for cls in explorer_classes():
        path, _ = found.get(f"{cls.__module__}.{cls.__name__}", (None, None))
        if path is None or (rebuildable and cls.__name__ in NOT_REBUILT):
            continue
        out.append((str(path.relative_to(REPO)), cls))
    return sorted(out, key=lambda row: row[0])


def rebuilt_differences(notebook, cls):
    """The data traits of ``cls``'s explorer stored in ``notebook`` that ``cls.example()`` does not
    reproduce (to 1e-12: the lesson and this machine may differ in the last bit); [] when it does."""
    from genlearn.explorers.explorer import state_mismatches

    _, stored = _stored_explorers()[f"{cls.__module__}.{cls.__name__}"]
    fresh = cls.example().get_state()
    data = [k for k in fresh if not k.startswith("_") and k not in cls._params and k != "layout"]
    return [k for k in data if state_mismatches(stored.get(k), fresh[k], rtol=1e-12, atol=1e-12, path=k)]


def explorer_state(root, timeout=10):
    """The numbers the page computed for its current frame (its ``data-state``), once it has
    drawn the frame in full (during a drag it draws drafts and publishes nothing:
    ``data-settled`` is "false" until the input pauses)."""
    root.page.wait_for_function("el => el.dataset.settled !== 'false'", arg=root.element_handle(),
                                timeout=timeout * 1000, polling=20)
    return json.loads(root.get_attribute("data-state"))


def check_page_state(root, state, expected, where, oracle="numpy"):
    """The page's ``state`` (its ``data-state``) equals ``expected`` (an explorer's
    ``expected_state()`` in Python: 1e-9 relative), and the readouts (role="status") and the
    description of the picture a screen reader gets equal its lines, to the letter."""
    from genlearn.explorers.explorer import state_mismatches

    problems = state_mismatches(state, expected, rtol=1e-9)
    assert not problems, f"{where}: the page disagrees with {oracle}:\n  " + "\n  ".join(problems[:12])
    assert readout_text(root) == expected["readouts"], f"{where}: {readout_text(root)} != {expected['readouts']}"
    assert description_text(root) == expected["description"], f"{where}: the description of the picture"


def explorer_frames(root):
    return int(root.get_attribute("data-frames"))


def wait_for_frame(page, root, after, timeout=10):
    """Wait until the explorer has drawn more than ``after`` frames, then for the
    frame that merges any queued inputs (the next animation frame)."""
    page.wait_for_function("([el, n]) => Number(el.dataset.frames) > n",
                           arg=[root.element_handle(), after], timeout=timeout * 1000, polling=20)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def press_on(page, root, control, key, role="slider"):
    """Focus the control named ``control`` inside ``root`` and press ``key``;
    returns after the explorer has drawn the result (or the control did not move)."""
    target = root.get_by_role(role, name=control, exact=True)
    target.focus()
    before = explorer_frames(root)
    value = target.input_value()
    page.keyboard.press(key)
    if target.input_value() != value:
        wait_for_frame(page, root, before)
    return target.input_value()


def readout_text(root):
    """The readout lines as a screen reader gets them (role="status")."""
    return [line.strip() for line in root.get_by_role("status").inner_text().splitlines() if line.strip()]


def description_text(root):
    """The description of the picture a screen reader gets (the explorer's polite live region)."""
    region = root.locator(".gl-description")
    assert region.count() == 1 and region.get_attribute("aria-live") == "polite", "no description region"
    return region.text_content()


def canvas_digest(page, root):
    """A digest of every canvas of the explorer (to tell whether the picture changed)."""
    return page.evaluate("""el => Array.from(el.querySelectorAll('canvas')).map(c => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let h = 2166136261;
        for (let i = 0; i < d.length; i += 7) h = Math.imul(h ^ d[i], 16777619);
        return c.width + 'x' + c.height + ':' + (h >>> 0);
    }).join(' ')""", root.element_handle())


def use_lab_theme(page, theme):
    """Choose ``theme`` in JupyterLab's Settings > Theme menu and wait until the page shows it."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
    page.locator(".lm-Menu-item", has_text=theme).first.click()
    page.wait_for_function("name => document.body.dataset.jpThemeName === name", arg=theme, timeout=30_000)


# ---------------------------------------------------------------------------
# every explorer of a lesson, surveyed from top to bottom
# ---------------------------------------------------------------------------
def explorers_in(path):
    """How many explorer outputs the notebook file shows (widget views of genlearn models), without the
    predict-then-reveal questions (no picture when untrusted: their question as HTML; one label for all)."""
    from genlearn.course import widget_state
    from genlearn.explorers.predict import Predict

    nb = json.loads(path.read_text(encoding="utf-8"))
    models = widget_state._models(nb)
    ids = [models.get(mid, {}).get("state", {}).get("_anywidget_id", "")
           for cell in nb["cells"] for mid in widget_state._view_ids(cell)]
    return sum(1 for i in ids if i.startswith("genlearn.") and i != f"{Predict.__module__}.{Predict.__name__}")


#: JavaScript: scroll the notebook from top to bottom and return what its explorer outputs showed:
#: [label of each live explorer (it drew a frame)], [text of each explorer output that is not live],
#: [source of each explorer cell whose saved widget lost jupyterlab_widgets' restore race (lab_driver)].
SURVEY_JS = r"""async () => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const scroller = panel.querySelector('.jp-WindowedPanel-outer') || document.scrollingElement;
  const live = new Set(), dead = new Map(), lost = new Set();
  const look = () => {
    for (const el of panel.querySelectorAll('.genlearn-explorer'))
      if (Number(el.dataset.frames) > 0) live.add(el.getAttribute('aria-label'));
    for (const cell of panel.querySelectorAll('.jp-CodeCell')) {
      const src = (cell.querySelector('.jp-InputArea-editor') || {}).textContent || '';
      const out = cell.querySelector('.jp-OutputArea');
      if (!out || out.querySelector('.genlearn-explorer') || !/Explorer\(/.test(src)) continue;
      const text = out.textContent.trim().slice(0, 300);
      if (out.querySelector('img')) dead.set(src.slice(0, 60), text);
      else if (text.includes(MODEL_NOT_FOUND)) lost.add(src.slice(0, 60));
    }
  };
  scroller.scrollTo(0, 0);
  for (let i = 0; i < 400; i++) {
    // two frames and a little: JupyterLab renders the cells that came near the view, the explorers draw
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))));
    look();
    const end = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
    if (end) break;
    scroller.scrollBy(0, scroller.clientHeight * 0.9);
  }
  await new Promise(r => setTimeout(r, 500));
  look();
  return [Array.from(live), Array.from(dead.values()), Array.from(lost)];
}""".replace("MODEL_NOT_FOUND", json.dumps(MODEL_NOT_FOUND))


def survey(page, expected=0, still=0, tries=3, reopen=None, what=""):
    """Scroll through the notebook (JupyterLab renders only the cells near the view) until ``expected``
    explorers were seen live and ``still`` still pictures, at most ``tries`` times; returns (live labels,
    texts of still pictures).
    A saved explorer lost to jupyterlab_widgets' restore race (lab_driver.saved_widgets_shown) gets the
    page reopened once (``reopen()``), reported as a warning; a second loss is returned as not live."""
    live, dead = [], []
    for _ in range(tries):
        live, dead, lost = page.evaluate(SURVEY_JS)
        if lost and reopen is not None:
            warnings.warn(f"{RESTORE_RACE}: {what}: {len(lost)} saved explorer(s) showed {MODEL_NOT_FOUND!r} "
                          "(jupyterlab_widgets' restore race); reopened once", UserWarning, stacklevel=2)
            reopen()
            reopen = None
            continue
        if len(live) >= expected and len(dead) >= still:
            break
        page.wait_for_timeout(2000)
    return live, dead
