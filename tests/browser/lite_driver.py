"""Drive the JupyterLite site (genlearn.course.lite) in headless Chromium: shared by
tests/browser/test_lite.py and benchmarks/bench_lite.py.

* :class:`OutsideRequests` is the browser's proxy for every host but this machine:
  it answers each request with 403 and records it, so a test can count (and
  name) every request that tried to leave the machine, from the page, its web
  workers (the Pyodide kernel runs in one) and its service worker alike.
* :func:`launch` starts Chromium with that proxy; :func:`open_lesson`,
  :func:`run_all`, :func:`cell_outputs` are what a learner does and sees: open a
  notebook in JupyterLite, Run > Run All Cells, read the outputs (from the
  notebook model, as JupyterLite would save them).
"""
import re
import socket
import threading
import time
from urllib.parse import urlparse

from lab_driver import KERNEL_READY_JS, launch_chromium

def site_folder():
    """The JupyterLite build that tests, benchmarks and the course site share (genlearn.course.lite.copy_site):
    kept in the environment, rebuilt only when its inputs change."""
    from genlearn.course import lite

    return lite.CACHE / "site"


#: Chromium's own services (account check, component updates, form filling, optimisation hints) call
#: these hosts by themselves, whatever the page: the proxy keeps such requests apart in ``browser_own``.
#: Requests of the site's pages and workers never reach the proxy: :func:`launch` aborts them first.
BROWSER_OWN = re.compile(r"^(CONNECT |\w+ http://)(accounts\.google\.com|[\w-]+\.googleapis\.com)[:/]")


#: The first line of an HTTP request, as a browser sends it to its proxy ("CONNECT host:443 HTTP/1.1").
HTTP_REQUEST = re.compile(r"^[A-Z]+ \S+ HTTP/\d")


class OutsideRequests:
    """Every request for another host than 127.0.0.1, in ``requests``: those of the site's pages and
    workers (aborted by the browser context's route, see :func:`launch`) and, through a proxy on
    127.0.0.1 that refuses everything, any other request of the browser, except Chromium's own
    services (:data:`BROWSER_OWN`), kept apart in ``browser_own``. Chromium speaks HTTP to its proxy:
    a connection that does not start with an HTTP request line is another local program that found
    the port (a ZeroMQ peer of a kernel another test shut down, whose port number the proxy now has),
    kept apart in ``strangers``."""

    def __init__(self):
        self.requests = []
        self.browser_own = []
        self.strangers = []
        self._server = socket.socket()
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(16)
        self.port = self._server.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self):
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    line = conn.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
                    kept = (self.strangers if not HTTP_REQUEST.match(line)
                            else self.browser_own if BROWSER_OWN.match(line) else self.requests)
                    kept.append(line)
                    conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass

    def close(self):
        self._server.close()


def launch(playwright, proxy):
    """Chromium (lab_driver.launch_chromium) whose pages and workers may fetch from 127.0.0.1 only:
    any other request is aborted and recorded in ``proxy.requests``; what the browser sends by other
    paths goes to ``proxy``. Returns ``(context, cleanup)``."""
    context, cleanup = launch_chromium(playwright, extra_args=[
        f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=127.0.0.1"])

    def route(r):
        url = r.request.url
        if urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            proxy.requests.append(f"{r.request.method} {url}")
            r.abort()

    context.route("**/*", route)
    return context, cleanup


#: JavaScript: the current notebook panel's model and session, through window.jupyterapp
#: (jupyter-lite.json sets exposeAppInBrowser).
_PANEL = "window.jupyterapp.shell.currentWidget"


def open_lesson(page, base, path, timeout=180):
    """Open ``path`` (relative to the site's files) in JupyterLite and wait for its kernel to be idle."""
    page.goto(f"{base}/lab/index.html?path={path}", wait_until="domcontentloaded")
    page.wait_for_function(KERNEL_READY_JS, timeout=timeout * 1000, polling=200)
    page.wait_for_function(f"() => {_PANEL} && {_PANEL}.context && {_PANEL}.context.path === {path!r}",
                           timeout=timeout * 1000, polling=200)


def run_all(page, timeout=600):
    """Run > Run All Cells from the menu bar; wait until every code cell has run (or an error
    stopped the run) and the kernel is idle. Returns the seconds from the click to the first
    output and to the end of the run.

    Running a cell clears its stored execution count and outputs first: the run has started once
    a code cell has no count, and every output counted after that is new."""
    start = time.monotonic()
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    first, started, done_polls, state = None, False, 0, None
    deadline = start + timeout
    while time.monotonic() < deadline:
        state = page.evaluate(f"""() => {{
          const panel = {_PANEL};
          const cells = Array.from(panel.content.model.cells).filter(c => c.type === 'code'
              && c.sharedModel.getSource().trim() !== '');
          const outs = c => Array.from({{length: c.outputs.length}}, (_, i) => c.outputs.get(i));
          const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
          return {{outputs: cells.reduce((n, c) => n + c.outputs.length, 0),
                   error: cells.some(c => outs(c).some(o => o.type === 'error')),
                   ran: cells.filter(c => c.executionCount !== null).length, total: cells.length,
                   status: kernel ? kernel.status : 'none'}};
        }}""")
        started = started or state["ran"] < state["total"]
        if started and first is None and state["outputs"] > 0:
            first = time.monotonic() - start
        finished = started and state["status"] == "idle" and (state["ran"] == state["total"] or state["error"])
        done_polls = done_polls + 1 if finished else 0
        if done_polls >= 2:  # idle twice in a row: not the pause between two cells
            return first, time.monotonic() - start
        page.wait_for_timeout(200)
    raise TimeoutError(f"Run All did not finish within {timeout} s: {state}")


def cell_outputs(page):
    """Every code cell of the open notebook: ``{"id", "source", "tags", "outputs"}`` (nbformat JSON)."""
    return page.evaluate(f"""() => Array.from({_PANEL}.content.model.cells)
        .filter(c => c.type === 'code')
        .map(c => ({{id: c.id, source: c.sharedModel.getSource(), tags: c.getMetadata('tags') || [],
                     nbgrader: c.getMetadata('nbgrader') || null, outputs: c.outputs.toJSON()}}))""")


def set_cell_source(page, cell_id, source):
    """Replace the source of the cell ``cell_id``, as typing (or pasting) into it does."""
    page.evaluate(f"""([id, src]) => {{
        const cell = Array.from({_PANEL}.content.model.cells).find(c => c.id === id);
        cell.sharedModel.setSource(src);
    }}""", [cell_id, source])


def stored_text(page, path):
    """The notebook ``path`` as JupyterLite's contents (browser storage, else the site) hold it."""
    return page.evaluate("""async (p) => JSON.stringify(
        (await window.jupyterapp.serviceManager.contents.get(p, {content: true})).content)""", path)


def save_edit(page, path, first_source):
    """Change the first code cell of notebook ``path`` and save it, as the notebook's Save does
    (through JupyterLite's contents service, into the browser's storage)."""
    page.evaluate("""async ([p, src]) => {
        const contents = window.jupyterapp.serviceManager.contents;
        const model = await contents.get(p, {content: true});
        model.content.cells.find(c => c.cell_type === 'code').source = src;
        await contents.save(p, {type: 'notebook', format: 'json', content: model.content});
    }""", [path, first_source])
