"""Drive a real JupyterHub on 127.0.0.1 the way a class uses it.

``Hub`` starts JupyterHub (from PyPI) with configurable-http-proxy (from npm,
installed by ``make test`` under ``.venv/node``), a dummy authenticator and a
local process spawner (``jupyterhub_config.py`` beside this file), on free
ports, in a fresh folder. It remembers every process the hub starts (proxy,
students' servers, their kernels), and ``stop()`` returns those that are still
alive after the hub has shut down.

``Student`` does what a learner's browser does, through the hub's REST API and
the proxy: log in (a token requested with username and password), start the
server, open an nbgitpuller link (the hub redirects to the student's server,
which clones the course repository), then run notebooks cell by cell in a
kernel of that server over the kernel websocket, the channel JupyterLab uses.

``snapshot_repo`` makes the course repository that nbgitpuller pulls from: a
git repository of this working tree (tracked and new, unignored files), so the
notebooks the students run are the ones on disk, as under nbval.

Used by tests/hub/test_class_on_hub.py and benchmarks/bench_hub.py.
"""
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import psutil
import requests
import websocket

from genlearn.course import hub as links
from genlearn.course import release

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CONFIG = HERE / "jupyterhub_config.py"
# where the Makefile's `npm install --prefix .venv/node` puts it
PROXY = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
REPO_NAME = "genlearn"


def find_proxy():
    """The configurable-http-proxy executable, or None."""
    for candidate in (os.environ.get("GENLEARN_CHP"), PROXY, shutil.which("configurable-http-proxy")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def free_ports(n):
    """n distinct free TCP ports on 127.0.0.1."""
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def _git(*args, cwd):
    env = {**os.environ, "GIT_AUTHOR_NAME": "genlearn test", "GIT_AUTHOR_EMAIL": "test@localhost",
           "GIT_COMMITTER_NAME": "genlearn test", "GIT_COMMITTER_EMAIL": "test@localhost"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True,
                          text=True).stdout


def snapshot_repo(dest, branch="main"):
    """A git repository at ``dest`` holding this working tree, committed on
    ``branch``, and its student release on the branch ``student``
    (``make student-release``); returns its file:// URL (what an nbgitpuller
    link names)."""
    dest = Path(dest) / REPO_NAME
    files = _git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT).split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():  # deleted but still tracked files are skipped
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    _git("init", "-q", "-b", branch, cwd=dest)
    _git("add", "-A", cwd=dest)
    _git("commit", "-q", "-m", "snapshot of the working tree", cwd=dest)
    release.release(dest)
    return dest.as_uri()


class Hub:
    """JupyterHub + configurable-http-proxy on free loopback ports."""

    def __init__(self, workdir, env=None):
        self.dir = Path(workdir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.public, self.proxy_api, self.hub_port = free_ports(3)
        self.url = f"http://127.0.0.1:{self.public}"
        self.extra_env = env or {}
        self.token = secrets.token_hex(32)  # the "instructor" service's API token
        self.runtime = tempfile.mkdtemp(prefix="ghub")  # short: kernel sockets live there
        self.proc = None
        self.seen = {}  # pid -> psutil.Process: everything the hub started
        self.log_path = self.dir / "hub.log"

    def start(self, timeout=90):
        proxy = find_proxy()
        if proxy is None:
            raise RuntimeError("configurable-http-proxy not found (make test installs it with npm)")
        env = {**os.environ, **self.extra_env, "GENLEARN_HUB_DIR": str(self.dir),
               "GENLEARN_HUB_PORTS": f"{self.public},{self.proxy_api},{self.hub_port}",
               "GENLEARN_HUB_PROXY": proxy, "GENLEARN_HUB_TOKEN": self.token,
               "GENLEARN_HUB_RUNTIME": self.runtime}
        self._log = open(self.log_path, "w")  # closed by stop()
        self.proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
                                     cwd=self.dir, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.seen[self.proc.pid] = psutil.Process(self.proc.pid)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("jupyterhub exited:\n" + self.log())
            try:
                if requests.get(f"{self.url}/hub/api/", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"jupyterhub did not answer within {timeout} s:\n" + self.log())
            time.sleep(0.3)
        self.track()
        return self

    def enrol(self, names):
        """Create the class's users, as an instructor would (REST API)."""
        r = requests.post(f"{self.url}/hub/api/users", json={"usernames": list(names)},
                          headers={"Authorization": f"token {self.token}"}, timeout=30)
        assert r.status_code == 201, f"enrolling {names} answered {r.status_code} {r.text}"

    def log(self):
        return self.log_path.read_text()[-6000:] if self.log_path.exists() else ""

    def track(self):
        """Remember the hub's descendants now (servers start in new sessions,
        so a process group would miss them)."""
        try:
            kids = self.seen[self.proc.pid].children(recursive=True)
        except psutil.NoSuchProcess:
            return
        for p in kids:
            self.seen.setdefault(p.pid, p)

    def alive(self):
        """Remembered processes still running (same pid and start time)."""
        out = []
        for p in self.seen.values():
            try:
                if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                    out.append(p)
            except psutil.NoSuchProcess:
                pass
        return out

    def stop(self, timeout=60):
        """SIGTERM the hub (it stops the servers and the proxy), wait for all
        it started; return the processes that were still running, which are
        then killed so that nothing leaks even when the test fails."""
        if self.proc is None:
            return []
        self.track()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # JupyterHub's clean shutdown
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        deadline = time.monotonic() + 15
        while self.alive() and time.monotonic() < deadline:
            time.sleep(0.2)
        left = self.alive()
        described = [f"{p.pid} {' '.join(p.cmdline()[:4])}" for p in left if _safe(p.cmdline)]
        for p in left:
            try:
                p.kill()
            except psutil.NoSuchProcess:
                pass
        self._log.close()
        self.proc = None
        shutil.rmtree(self.runtime, ignore_errors=True)
        return described


def _safe(fn):
    try:
        fn()
        return True
    except psutil.Error:
        return False


class NotebookError(AssertionError):
    """A cell raised, or the kernel died, while a student ran a notebook."""


class Student:
    """One simulated learner, talking to the hub like a browser would."""

    def __init__(self, hub, name, password="any"):
        self.hub, self.name, self.password = hub, name, password
        self.token = None
        self.http = requests.Session()  # API calls, with the token
        self.browser = requests.Session()  # pages, with cookies

    @property
    def server(self):
        return f"{self.hub.url}/user/{self.name}"

    def _headers(self):
        return {"Authorization": f"token {self.token}"}

    def login(self):
        """Log in through the REST API: a token for username + password. The
        student's browser logs in too, with the hub's login form: the hub's
        pages (the link's user-redirect) take a session cookie, not a token."""
        r = requests.post(f"{self.hub.url}/hub/api/users/{self.name}/tokens",
                          json={"auth": {"username": self.name, "password": self.password},
                                "note": "genlearn hub test", "expires_in": 3600}, timeout=30)
        r.raise_for_status()
        self.token = r.json()["token"]
        self.http.headers.update(self._headers())
        self.browser.get(f"{self.hub.url}/hub/login", timeout=30).raise_for_status()
        r = self.browser.post(f"{self.hub.url}/hub/login", timeout=30,
                              data={"username": self.name, "password": self.password,
                                    "_xsrf": next((c.value for c in self.browser.cookies
                                                   if c.name == "_xsrf"), "")})
        assert r.ok and "/hub/login" not in r.url, f"{self.name}: login form answered {r.status_code} {r.url}"
        return self

    def start_server(self, timeout=180):
        r = self.http.post(f"{self.hub.url}/hub/api/users/{self.name}/server", timeout=30)
        assert r.status_code in (201, 202), f"{self.name}: spawn answered {r.status_code} {r.text}"
        deadline = time.monotonic() + timeout
        while True:
            model = self.http.get(f"{self.hub.url}/hub/api/users/{self.name}", timeout=30).json()
            server = model.get("servers", {}).get("", {})
            if server.get("ready"):
                break
            assert time.monotonic() < deadline, f"{self.name}: server not ready after {timeout} s"
            time.sleep(0.5)
        self.hub.track()
        return self

    def stop_server(self):
        r = self.http.delete(f"{self.hub.url}/hub/api/users/{self.name}/server", timeout=60)
        assert r.status_code in (202, 204), r.text

    def pull(self, link, timeout=120):
        """Open an nbgitpuller link as the browser does: the hub's
        user-redirect lands on the student's git-pull page, whose script then
        streams the pull from git-pull/api."""
        r = self.browser.get(link, timeout=60)
        assert r.status_code == 200 and f"/user/{self.name}/git-pull" in r.url, (r.status_code, r.url)
        params = links.query(link)
        api = dict(repo=params["repo"], branch=params["branch"], targetpath=params["targetPath"])
        events = []
        with self.browser.get(f"{self.server}/git-pull/api", params=api, stream=True, timeout=timeout) as s:
            s.raise_for_status()
            for line in s.iter_lines(decode_unicode=True):
                if line and line.startswith("data: "):
                    events.append(json.loads(line[6:]))
        phases = [e.get("phase") for e in events]
        assert phases and phases[-1] == "finished", f"{self.name}: nbgitpuller said {events[-3:]}"
        return params["urlpath"]

    def contents(self, path):
        r = self.http.get(f"{self.server}/api/contents/{quote(path)}", timeout=60)
        r.raise_for_status()
        return r.json()

    def save_notebook(self, path, sources):
        """Save a notebook of code cells ``sources`` at ``path`` (contents API)."""
        nb = {"nbformat": 4, "nbformat_minor": 5, "cells": [
            {"cell_type": "code", "id": f"c{i}", "source": src, "metadata": {}, "outputs": [],
             "execution_count": None} for i, src in enumerate(sources)],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}
        r = self.http.put(f"{self.server}/api/contents/{quote(path)}", timeout=60,
                          json={"type": "notebook", "format": "json", "content": nb})
        r.raise_for_status()

    def run_notebook(self, path, cell_timeout=180):
        """Run every code cell of ``path`` (in the student's server) in a new
        kernel; raise NotebookError on the first error. Returns measurements
        of the kernel after the last cell: pid, rss, pss, uss (bytes), cpu
        (seconds since the kernel started), server_pid and wall (seconds)."""
        nb = self.contents(path)["content"]
        kernel_name = nb["metadata"]["kernelspec"]["name"]
        t0 = time.monotonic()
        r = self.http.post(f"{self.server}/api/kernels", json={"name": kernel_name}, timeout=120)
        r.raise_for_status()
        kid = r.json()["id"]
        try:
            with KernelChannel(self, kid) as kernel:
                for i, cell in enumerate(nb["cells"]):
                    if cell["cell_type"] != "code":
                        continue
                    src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                    if not src.strip() or "nbval-skip" in cell.get("metadata", {}).get("tags", []):
                        continue
                    expect_error = "raises-exception" in cell.get("metadata", {}).get("tags", [])
                    reply, errors = kernel.execute(src, timeout=cell_timeout)
                    if (reply["status"] != "ok" or errors) and not expect_error:
                        detail = errors[0] if errors else reply
                        raise NotebookError(f"{self.name}: {path} cell {i} failed: "
                                            f"{detail.get('ename')}: {detail.get('evalue')}\n{src[:300]}")
                wall = time.monotonic() - t0
                pid = int(kernel.evaluate("__import__('os').getpid()"))
            self.hub.track()
            proc = psutil.Process(pid)
            mem = proc.memory_full_info()
            cpu = proc.cpu_times()
            return dict(pid=pid, rss=mem.rss, pss=mem.pss, uss=mem.uss,
                        cpu=cpu.user + cpu.system, server_pid=proc.ppid(), wall=wall)
        finally:
            self.http.delete(f"{self.server}/api/kernels/{kid}", timeout=60)


class KernelChannel:
    """The kernel websocket of a student's server (Jupyter's JSON protocol)."""

    def __init__(self, student, kernel_id):
        self.student = student
        self.session = uuid.uuid4().hex
        url = student.server.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
        self.ws = websocket.create_connection(f"{url}?session_id={self.session}", timeout=60,
                                              header=[f"Authorization: token {student.token}"])

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.ws.close()

    def _send(self, msg_type, content):
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": self.student.name,
                       "session": self.session, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": [],
        }))
        return msg_id

    def _recv(self, timeout):
        self.ws.settimeout(timeout)
        frame = self.ws.recv()
        if isinstance(frame, bytes):  # a message with binary buffers (widgets): JSON part first
            n = int.from_bytes(frame[:4], "big")
            offsets = [int.from_bytes(frame[4 + 4 * k:8 + 4 * k], "big") for k in range(n)]
            end = offsets[1] if n > 1 else len(frame)
            frame = frame[offsets[0]:end].decode()
        return json.loads(frame)

    def execute(self, code, timeout, user_expressions=None, silent=False):
        """Run ``code``; return (execute_reply content, [error contents])."""
        msg_id = self._send("execute_request", {
            "code": code, "silent": silent, "store_history": not silent,
            "user_expressions": user_expressions or {}, "allow_stdin": False, "stop_on_error": True})
        reply, idle, errors = None, False, []
        deadline = time.monotonic() + timeout
        while reply is None or not idle:
            left = deadline - time.monotonic()
            if left <= 0:
                raise NotebookError(f"{self.student.name}: a cell ran longer than {timeout} s:\n{code[:300]}")
            msg = self._recv(left)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind == "execute_reply":
                reply = msg["content"]
            elif kind == "error":
                errors.append(msg["content"])
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
            elif kind == "status" and msg["content"]["execution_state"] in ("dead", "restarting"):
                raise NotebookError(f"{self.student.name}: the kernel died")
            elif kind == "input_request":
                raise NotebookError(f"{self.student.name}: a cell asked for input")
        return reply, errors

    def evaluate(self, expression, timeout=60):
        reply, _ = self.execute("", timeout, user_expressions={"x": expression}, silent=True)
        return reply["user_expressions"]["x"]["data"]["text/plain"]
