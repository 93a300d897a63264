"""The hub of the hub test and of benchmarks/bench_hub.py: real JupyterHub and
configurable-http-proxy on 127.0.0.1, any username and password accepted
(DummyAuthenticator), every student's server a local process in its own home
folder (SimpleLocalProcessSpawner).

For tests only: nothing isolates one student from another here. A real class
uses TLJH or Zero to JupyterHub (see docs/hub.md); the
settings under "what a real hub sets too" are the ones to carry over.

`hub_driver.Hub` starts ``python -m jupyterhub -f <this file>`` with these
variables set:

GENLEARN_HUB_DIR     a fresh folder: database, cookie secret, students' homes
GENLEARN_HUB_PORTS   three free ports: public proxy, proxy API, hub
GENLEARN_HUB_PROXY   the configurable-http-proxy executable
GENLEARN_HUB_RUNTIME a short folder for the servers' runtime files (sockets)
GENLEARN_HUB_TOKEN   the API token of the "instructor" service, which may
                     create the class's users (students then log in with
                     their password through the REST API)
"""
import os
import sys

c = get_config()  # noqa: F821 (JupyterHub's config loader provides it)

work = os.environ["GENLEARN_HUB_DIR"]
public, proxy_api, hub = (int(p) for p in os.environ["GENLEARN_HUB_PORTS"].split(","))

# everything on loopback, on ports the driver picked
c.JupyterHub.bind_url = f"http://127.0.0.1:{public}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = hub
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{proxy_api}"
c.ConfigurableHTTPProxy.command = [os.environ["GENLEARN_HUB_PROXY"]]
c.ConfigurableHTTPProxy.should_start = True

# state in the test's own folder, nothing in the working directory
c.JupyterHub.db_url = f"sqlite:///{work}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = f"{work}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = f"{work}/jupyterhub.pid"
c.ConfigurableHTTPProxy.pid_file = f"{work}/proxy.pid"
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server
c.JupyterHub.cleanup_proxy = True

# the instructor enrols the class through the REST API
c.JupyterHub.services = [{"name": "instructor", "api_token": os.environ["GENLEARN_HUB_TOKEN"]}]
c.JupyterHub.load_roles = [{"name": "instructor", "scopes": ["admin:users"], "services": ["instructor"]}]

# students: any name, any password; servers as local processes
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = f"{work}/home/{{username}}"
# this interpreter's jupyterhub-singleuser, JupyterLab as the default interface
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/lab"
# CI and containers run as root; JupyterLab refuses to unless told
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
# kernels talk to their server over Unix sockets: with every student's server
# on one loopback interface, TCP ports picked by two servers at the same moment
# can collide ("Address already in use"); a container per student (Z2JH) or
# ipc avoids that. Unix socket paths must stay under 108 bytes: each server's
# runtime folder sits in a short folder of its own (GENLEARN_HUB_RUNTIME)
c.Spawner.args += ["--KernelManager.transport=ipc"]
runtime = os.environ["GENLEARN_HUB_RUNTIME"]
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
# JupyterHub passes only the variables listed here to the servers (and so to
# the kernels): PATH for git (nbgitpuller), GENLEARN_DATA for notebook 06 and
# GENLEARN_OFFLINE (no download), as nbval's kernels get them
c.Spawner.env_keep = ["PATH", "LANG", "LC_ALL", "VIRTUAL_ENV", "TMPDIR", "GENLEARN_DATA", "GENLEARN_OFFLINE"]

# --- what a real hub sets too -------------------------------------------------
# one BLAS/OpenMP thread per kernel: with many students per core, more threads
# only fight each other (see docs/hub.md)
c.Spawner.environment = {
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    # nbgitpuller opens JupyterLab after the pull
    "NBGITPULLER_APP": "lab",
    "JUPYTER_RUNTIME_DIR": lambda spawner: f"{runtime}/{spawner.user.name}",
}
