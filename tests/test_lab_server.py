"""`make lab` serves JupyterLab with the start notebook reachable, the lessons trusted and
genlearn's save hook loaded.

The test runs the real `make lab` (with --no-browser, a free port and a random
token, and Jupyter's config, data and runtime folders in a temporary folder)
when it runs inside the project's .venv, and the same `jupyter lab` command
directly otherwise (e.g. in a conda environment), where only the start
notebook is checked. Oracles: the server's own answers (the contents API
marks each code cell of a trusted notebook ``trusted``) and its log (the
extension genlearn.course.widget_state says it is loaded)."""
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url, timeout=5):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.status, r.read()


def test_make_lab_serves_the_start_notebook(tmp_path):
    port, token = _free_port(), secrets.token_hex(16)
    args = f"--no-browser --ServerApp.ip=127.0.0.1 --IdentityProvider.token={token}"
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config"), "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    in_project_venv = Path(sys.prefix).resolve() == (ROOT / ".venv").resolve()
    if in_project_venv:
        cmd = ["make", "--no-print-directory", "lab", f"PORT={port}", f"LAB_ARGS={args}"]
    else:
        cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.port={port}", *args.split(),
               "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb"]
    log = open(tmp_path / "lab.log", "w")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, "jupyter lab exited:\n" + (tmp_path / "lab.log").read_text()
            try:
                if _get(f"{base}/api/status?token={token}")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "jupyter lab did not answer within 90 s"
            time.sleep(0.5)
        # the URL it prints (what an instructor copies with --no-browser) opens the start notebook
        printed = (tmp_path / "lab.log").read_text()
        assert f"{base}/lab/tree/notebooks/00_start_here.ipynb?token=" in printed, printed[-2000:]
        status, body = _get(f"{base}/api/contents/notebooks/00_start_here.ipynb?token={token}")
        model = json.loads(body)
        assert status == 200 and model["type"] == "notebook"
        assert model["content"]["metadata"]["kernelspec"]["name"] == "python3"
        # the path the README's Binder badge opens
        status, body = _get(f"{base}/lab/tree/notebooks/00_start_here.ipynb?token={token}")
        assert status == 200 and b"JupyterLab" in body
        if in_project_venv:
            # make lab trusted every lesson (explorers live before any cell runs) ...
            for lesson in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
                model = json.loads(_get(f"{base}/api/contents/notebooks/{lesson.name}?token={token}")[1])
                code = [c for c in model["content"]["cells"] if c["cell_type"] == "code"]
                assert all(c["metadata"].get("trusted") for c in code), f"make lab did not trust {lesson.name}"
            # ... and the server loaded genlearn's save hook (genlearn.course.widget_state)
            assert "keeps its explorers' stored widget state" in (tmp_path / "lab.log").read_text()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
