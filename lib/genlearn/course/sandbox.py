"""Run a student's code in a disposable process that cannot reach the course.

The grader (:mod:`genlearn.course.autograde`) never runs a student's code in
its own process. It starts a :class:`Sandbox`: a worker process
(:mod:`genlearn.course.sandbox_worker`) that runs the notebook's cells, and
then, for each call the hidden tests make, calls one of the student's
functions in a forked copy of itself. Arguments go in and results come back
as **data** (:func:`encode` / :func:`decode`: JSON of numbers, strings,
lists, tuples, dicts, numpy arrays and fractions, never pickles): what the
student's code does to numpy, ``math``, ``importlib``, IPython or ``sys`` in
its process cannot change how the grader compares.

Isolation (``isolation=``)
    ``"bwrap"`` (the default) starts the worker under bubblewrap (Debian's
    ``bubblewrap`` package): a new mount namespace in which only the Python
    installation, the installed packages, ``/usr``, ``/etc`` and a fresh
    scratch folder exist (read-only, except the scratch folder), so the
    course folder, ``source/``, the hidden tests, other submissions and the
    gradebook are simply not there; no network (a network namespace with
    only a loopback that is down); a pid namespace in which the worker is
    process 1, so that every process the student's code starts dies with the
    worker (a detached process cannot outlive grading). Run as root, the
    worker also drops to a **throwaway Unix user** (:class:`ThrowawayUser`:
    created with ``useradd`` for the sandbox, i.e. for one submission, and
    removed with it) with no capabilities, and the limits below apply to
    that user. Run as another user, bubblewrap puts the
    worker in a user namespace of its own (the kernel must allow
    unprivileged user namespaces, as Debian's does).
    ``"process"`` runs the worker as a plain child process: in-process
    tampering still changes nothing, but the student's code can read and
    write whatever the grader's user can. It exists for machines without
    bubblewrap (macOS) and is not isolation.

Limits
    CPU seconds and address space (``resource.setrlimit``, set by the worker
    on itself before any student code runs, inherited by everything it
    starts), the size of any file written, at most ``max_processes``
    processes for the throwaway user, and a wall-clock ``timeout`` per cell
    and per call that the grader enforces by killing the sandbox.

Blocked implementations
    Where a task asks for one's own implementation, ``blocked`` names modules
    (``"genlearn.naive_bayes"``) or their attributes
    (``"genlearn.text:Vocabulary"``) whose code the sandbox replaces: the
    worker sees a copy of the module file in which those functions and
    classes raise ``RuntimeError`` (:func:`stub_source`), and the cached
    bytecode of the original is hidden. A private copy of the function or of
    the module, made at any time in the notebook, is a copy of the stub.
"""
import ast
import atexit
import contextlib
import glob
import importlib.util
import json
import os
import py_compile
import select
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from .sandbox_protocol import MAX_RESPONSE, WORKER_MODULE, decode, describe_signal, encode, frame, unframe

__all__ = ["Sandbox", "ThrowawayUser", "bwrap_problem", "Aborted", "StudentRaised", "SandboxError", "encode", "decode",
           "stub_source", "BLOCK_MESSAGE"]

BLOCK_MESSAGE = ("this task asks for your own implementation: genlearn's and scikit-learn's "
                 "versions are switched off while it is graded")


class SandboxError(RuntimeError):
    """The grader cannot start or use the sandbox (a setup problem, not the student's)."""


class Aborted(Exception):
    """The student's code killed its process, ran past the time limit or hit a resource limit."""

    grading_aborted = True

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class StudentRaised(Exception):
    """The student's function raised (``type_name`` is the name of its exception's class)."""

    def __init__(self, type_name, message):
        super().__init__(message)
        self.type_name = type_name


# ---------------------------------------------------------------------------
# Blocked implementations: stub copies of module files
# ---------------------------------------------------------------------------

def _raise(where):
    message = BLOCK_MESSAGE + (f" ({where})" if where else "")
    return f"raise RuntimeError({message!r})"


def _stub_function(name, node, where=""):
    stub = ast.parse(f"def {name}(*args, **kwargs):\n    {_raise(where)}\n").body[0]
    return ast.copy_location(stub, node)


def _stub_class(node, where=""):
    body = ast.parse(f"def __init__(self, *args, **kwargs):\n    {_raise(where)}\n").body
    stub = ast.ClassDef(name=node.name, bases=node.bases, keywords=node.keywords, body=body, decorator_list=[])
    if "type_params" in ast.ClassDef._fields:   # Python >= 3.12
        stub.type_params = []
    return ast.copy_location(stub, node)


def stub_source(source, names=None, module=""):
    """The module ``source`` with its functions and classes replaced by ones that raise.

    ``names=None`` replaces every function and class defined at the top level
    of the module (also inside a top-level ``if`` or ``try``); otherwise only
    those named, where ``"Class.method"`` replaces one method of a class and
    keeps the class (for a class the module itself instantiates, such as
    scipy's distributions). Everything else (imports, constants) is kept, so
    that the module still imports and other modules find the names they import
    from it. The message names the routine (``module.name``) when ``module``
    is given.

    Examples
    --------
    >>> space = {}
    >>> exec(stub_source("def m_estimate(n_c, n, p, m):\\n    return (n_c + m * p) / (n + m)\\n"), space)
    >>> space["m_estimate"](1, 2, 0.5, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    RuntimeError: this task asks for your own implementation: genlearn's and scikit-learn's versions are ...
    """
    tree = ast.parse(source)
    wanted = None if names is None else set(names)
    methods = {}
    for name in wanted or ():
        cls, dot, method = name.partition(".")
        if dot:
            methods.setdefault(cls, set()).add(method)

    def where(name):
        return f"{module}.{name}" if module else ""

    def replace(body):
        out = []
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (wanted is None or node.name in wanted):
                out.append(_stub_function(node.name, node, where(node.name)))
            elif isinstance(node, ast.ClassDef) and (wanted is None or node.name in wanted):
                out.append(_stub_class(node, where(node.name)))
            elif isinstance(node, ast.ClassDef) and node.name in methods:
                node.body = [_stub_function(item.name, item, where(f"{node.name}.{item.name}"))
                             if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                             and item.name in methods[node.name] else item for item in node.body]
                out.append(node)
            else:
                if isinstance(node, ast.If):
                    node.body, node.orelse = replace(node.body), replace(node.orelse)
                elif isinstance(node, ast.Try):
                    node.body, node.orelse = replace(node.body), replace(node.orelse)
                    node.finalbody = replace(node.finalbody)
                    for handler in node.handlers:
                        handler.body = replace(handler.body)
                out.append(node)
        return out or [ast.Pass()]

    tree.body = replace(tree.body)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


_STUBS = {}


def _blocked_files(blocked):
    """{original module file: stub file} for the ``blocked`` specs (made once per grading process)."""
    key = tuple(sorted(blocked))
    if key not in _STUBS:
        folder = tempfile.mkdtemp(prefix="genlearn-stubs-")
        os.chmod(folder, 0o755)
        atexit.register(shutil.rmtree, folder, True)
        _STUBS[key] = _write_stubs(key, folder)
    return _STUBS[key]


def _write_stubs(blocked, folder):
    names = {}
    for spec in blocked:
        module, _, attr = spec.partition(":")
        if names.get(module, ()) is None:
            continue
        names[module] = None if not attr else (names.get(module) or set()) | {attr}
    stubs = {}
    for module, attrs in names.items():
        origin = _module_file(module)
        if origin is None:                  # renamed or not installed: blocking it would silently not happen
            raise SandboxError(f"the blocked module {module} has no source file here: correct the list of "
                               "blocked implementations (grading.BLOCKED) or install it")
        stub = Path(folder) / f"{module}.py"
        stub.write_text(stub_source(Path(origin).read_text(encoding="utf-8"), attrs, module), encoding="utf-8")
        stub.chmod(0o644)
        stubs[origin] = stub
        # The sandbox hides the original's cached bytecode; make sure it exists now, so that it cannot
        # appear (written by another Python process) while a sandbox runs, unhidden.
        with contextlib.suppress(OSError, py_compile.PyCompileError):
            if not os.path.exists(importlib.util.cache_from_source(origin)):
                py_compile.compile(origin, doraise=True)
    return stubs


def _module_file(module):
    """The source file of ``module`` (``a.b.c``), found without importing ``a`` or ``a.b``."""
    top, *rest = module.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if not rest:
        return spec.origin if spec.origin and spec.origin.endswith(".py") else None
    for folder in spec.submodule_search_locations or ():
        path = os.path.join(folder, *rest)
        for candidate in (path + ".py", os.path.join(path, "__init__.py")):
            if os.path.isfile(candidate):
                return os.path.realpath(candidate)
    return None


# ---------------------------------------------------------------------------
# The throwaway user
# ---------------------------------------------------------------------------

class ThrowawayUser:
    """A system user made for one sandbox, i.e. one submission (``useradd``), removed after (``userdel``).

    It has no home, no login shell and no password; it owns nothing but the
    scratch folder the grader gives it; no two submissions share it. Only
    root can create it. A user left by a grader that was killed is removed
    at that grader's exit if it exits normally; otherwise ``userdel`` it
    (its name starts with ``genlearn-grade-``).
    """

    def __init__(self):
        if os.geteuid() != 0:
            raise SandboxError("only root can create the throwaway grading user; run the grader as root "
                               "or use bubblewrap's user namespace (isolation='bwrap' as a normal user)")
        self.name = f"genlearn-grade-{uuid.uuid4().hex[:8]}"
        proc = subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                               "--shell", "/usr/sbin/nologin", "--user-group", self.name],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise SandboxError(f"useradd {self.name} failed: {proc.stderr.strip()} (the grader needs the "
                               "passwd package's useradd, and root)")
        import pwd
        entry = pwd.getpwnam(self.name)
        self.uid, self.gid = entry.pw_uid, entry.pw_gid
        self.removed = False
        atexit.register(self.remove)

    def remove(self):
        if not self.removed:
            # --force: processes of the user killed a moment ago may still be zombies waiting to be reaped
            subprocess.run(["userdel", "--force", self.name], capture_output=True)
            self.removed = True


# ---------------------------------------------------------------------------
# The sandbox
# ---------------------------------------------------------------------------

#: the most numbers (or strings) a stub may send to a reference, and the largest size of an array's
#: dimensions after the first: every reference the homework's tests stand in with gets a few hundred rows of
#: at most a dozen columns, and a (1, 20000) array would make a covariance of 3 GB in the grader
CALLBACK_ITEMS, CALLBACK_WIDTH = 2_000_000, 1000


def _small_enough(data):
    """Raise ValueError when the arguments a stub sent would make the grader's reference too costly."""
    import numpy as np

    count, todo = 0, [data]
    while todo:
        item = todo.pop()
        if isinstance(item, np.ndarray):
            if item.ndim > 1 and max(item.shape[1:]) > CALLBACK_WIDTH:
                raise ValueError(f"an array of shape {item.shape} is too wide for the reference (at most "
                                 f"{CALLBACK_WIDTH} columns)")
            count += item.size
            if item.dtype == object:
                todo.extend(item.ravel().tolist())
        elif isinstance(item, (list, tuple, set)):
            count += len(item)
            todo.extend(item)
        elif isinstance(item, dict):
            count += len(item)
            todo.extend(item.keys())
            todo.extend(item.values())
        else:
            count += 1
        if count > CALLBACK_ITEMS:
            raise ValueError(f"more than {CALLBACK_ITEMS} values sent to the reference")


@contextlib.contextmanager
def _time_limit(seconds):
    """Interrupt the block (TimeoutError) after ``seconds`` of wall clock, where a signal can (the main thread)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum, frame):
        raise TimeoutError("the reference ran past the call's time limit")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.01))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def bwrap_problem():
    """Why bubblewrap cannot make a sandbox here (a sentence), or None when it can."""
    if shutil.which("bwrap") is None:
        return "bubblewrap is not installed (apt-get install bubblewrap)"
    proc = subprocess.run(["bwrap", "--ro-bind", "/", "/", "--unshare-pid", "--unshare-net", "true"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return (f"bubblewrap cannot create namespaces here ({proc.stderr.strip()}): run as root, or allow "
                "unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1)")
    return None


_WORKER_PATH = None


def _worker_sys_path():
    """The sys.path of a fresh ``python -I`` of this interpreter (what the worker sees)."""
    global _WORKER_PATH
    if _WORKER_PATH is None:
        out = subprocess.run([sys.executable, "-I", "-c", "import json, sys; print(json.dumps(sys.path))"],
                             capture_output=True, text=True, check=True).stdout
        _WORKER_PATH = [p for p in json.loads(out) if p]
    return _WORKER_PATH


def _under(path, folder):
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class Sandbox:
    """A worker process running one student's notebook, isolated from the course.

    Parameters
    ----------
    isolation : {"bwrap", "process"}, default="bwrap"
        See the module's docstring.
    timeout : float, default=120
        Wall-clock seconds allowed to one cell or one call; past it the
        sandbox is killed and :class:`Aborted` raised.
    cpu_seconds : int, default=600
        CPU-time limit of each process of the worker.
    memory_bytes : int, default=4 GiB
        Address-space limit of each process of the worker.
    max_processes : int, default=64
        Processes the throwaway user may have at once (root only).
    max_file_bytes : int, default=64 MiB
        Largest file the worker may write.
    blocked : sequence of str
        Implementations replaced by stubs that raise (``"module"`` or
        ``"module:attribute"``).
    hide : sequence of path
        Folders that must not exist in the sandbox (the course folder): the
        sandbox refuses to start if one of them would be visible.
    preload : str
        Import statements (the grader's, e.g. those of the notebook's locked
        set-up cells) that the worker runs before any student code, within
        the start's own time allowance: heavy imports then do not count
        against a cell's timeout.
    """

    def __init__(self, isolation="bwrap", timeout=120.0, cpu_seconds=600, memory_bytes=4 * 2**30,
                 max_processes=64, max_file_bytes=64 * 2**20, blocked=(), hide=(), preload=""):
        if isolation not in ("bwrap", "process"):
            raise ValueError(f"isolation={isolation!r}: use 'bwrap' (bubblewrap, the default) or 'process' "
                             "(no isolation, for machines without bubblewrap)")
        if isolation == "bwrap" and shutil.which("bwrap") is None:
            raise SandboxError("bubblewrap (bwrap) is not installed: `apt-get install bubblewrap` "
                               "(or set isolation='process', which does not isolate the course files)")
        self.isolation, self.timeout = isolation, float(timeout)
        self.limits = {"cpu": int(cpu_seconds), "as": int(memory_bytes), "fsize": int(max_file_bytes),
                       "nproc": int(max_processes)}
        self.blocked, self.hide = tuple(blocked), tuple(os.path.realpath(h) for h in hide)
        self.preload = preload
        self._stubs = _blocked_files(self.blocked) if isolation == "bwrap" else {}
        self.user = ThrowawayUser() if isolation == "bwrap" and os.geteuid() == 0 else None
        self._tmp = tempfile.mkdtemp(prefix="genlearn-sandbox-")
        self.proc = None
        self.scratch = None
        self._buffer = b""

    # --- starting and stopping -------------------------------------------------

    def _bwrap_command(self, scratch):
        args = ["bwrap", "--die-with-parent", "--new-session", "--unshare-pid", "--as-pid-1", "--unshare-net",
                "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                "--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc",
                "--proc", "/proc", "--dev", "/dev", "--dir", "/tmp"]
        for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64"):
            if os.path.islink(top):
                args += ["--symlink", os.readlink(top), top]
            elif os.path.isdir(top):
                args += ["--ro-bind", top, top]
        binds, made = [], {"/", "/usr", "/etc", "/proc", "/dev", "/tmp"}
        for path in [sys.base_prefix, sys.prefix, *_worker_sys_path()]:
            real = os.path.realpath(path)
            if os.path.exists(real) and not any(_under(real, b) for b in binds + ["/usr"]):
                binds = [b for b in binds if not _under(b, real)] + [real]
        for secret in self.hide:
            for path in ["/usr", "/etc", *binds]:
                if _under(secret, path):
                    raise SandboxError(f"the sandbox would show {secret} (it lies inside {path}, which the "
                                       "worker's Python needs): keep the course folder outside the Python "
                                       "installation, the installed packages, /usr and /etc")
        for path in binds:
            parents = []
            parent = os.path.dirname(path)
            while parent not in made:
                parents.append(parent)
                made.add(parent)
                parent = os.path.dirname(parent)
            for p in reversed(parents):             # bubblewrap would make them 0700
                args += ["--perms", "0755", "--dir", p]
            args += ["--ro-bind", path, path]
        base_site = os.path.join(sys.base_prefix, "lib", f"python{sys.version_info[0]}.{sys.version_info[1]}",
                                 "site-packages")
        if sys.prefix != sys.base_prefix and os.path.isdir(base_site) and base_site not in _worker_sys_path():
            args += ["--tmpfs", os.path.realpath(base_site)]       # the base Python's packages: not ours
        for original, stub in self._stubs.items():
            args += ["--ro-bind", str(stub), original]
            folder, name = os.path.split(original)
            for cached in glob.glob(os.path.join(folder, "__pycache__", name[:-3] + ".*.pyc")):
                args += ["--ro-bind", "/dev/null", cached]
        # the scratch folder is the one place the student's code may write (TMPDIR too): "/" read-only
        args += ["--bind", scratch, "/scratch", "--chdir", "/scratch", "--remount-ro", "/"]
        if self.user is not None:
            # (changing the user clears the parent-death signal bubblewrap set: the worker sets it again)
            args += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--",
                     "setpriv", f"--reuid={self.user.uid}", f"--regid={self.user.gid}", "--clear-groups",
                     "--inh-caps=-all", "--bounding-set=-all"]
        else:
            args += ["--"]
        return args

    def start(self):
        """Start the worker and wait until it is ready (its imports done)."""
        self.close()
        self.scratch = tempfile.mkdtemp(prefix="scratch-", dir=self._tmp)
        limits = dict(self.limits)
        if self.user is not None:
            os.chown(self.scratch, self.user.uid, self.user.gid)
        else:
            limits.pop("nproc")                 # counted per user: the grader's own processes would count
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "OPENBLAS_NUM_THREADS": "1",
               "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "MPLBACKEND": "Agg", "GENLEARN_OFFLINE": "1",
               "JOBLIB_MULTIPROCESSING": "0", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
        # the lifeline: the worker exits when its read end sees the grader's end closed (or the grader die)
        life_read, self._life = os.pipe()
        python = [sys.executable, "-I", "-m", WORKER_MODULE, json.dumps(limits), str(life_read)]
        status_read, status_write = os.pipe()
        if self.isolation == "bwrap":
            env["HOME"] = env["TMPDIR"] = "/scratch"
            command = self._bwrap_command(self.scratch) + python
            command[1:1] = ["--json-status-fd", str(status_write)]     # it tells the worker's pid
            cwd = "/"
        else:
            env["HOME"] = env["TMPDIR"] = self.scratch
            command, cwd = python, self.scratch
        self._stderr = open(os.path.join(self._tmp, "worker-stderr.txt"), "w+b")
        try:
            self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self._stderr, env=env, cwd=cwd, start_new_session=True,
                                         pass_fds=(status_write, life_read))
        finally:
            os.close(status_write)
            os.close(life_read)
        self._status = status_read
        self._worker_pid = None
        self._buffer = b""
        try:
            self._request({"op": "hello", "preload": self.preload}, timeout=max(self.timeout, 120.0))
            self._read_worker_pid()
        except Aborted as exc:
            self._stderr.seek(0)
            detail = self._stderr.read()[-2000:].decode("utf-8", "replace")
            self.close()
            raise SandboxError(f"the grading worker did not start ({exc.reason}):\n{detail}") from None
        return self

    def close(self):
        """End the worker and everything it started; remove its scratch folder.

        The worker is asked to exit (its input and its lifeline closed: a
        watchdog thread exits it even while a cell or a call is still running)
        and killed if it has not within a second; either way, as the pid
        namespace's process 1, it takes every process the student's code
        started with it. A grader that dies closes the lifeline too.
        """
        if self.proc is not None:
            if self.proc.poll() is None:
                with contextlib.suppress(OSError):
                    self.proc.stdin.close()
                os.close(self._life)                  # the worker's watchdog exits it, busy or not
                try:
                    self.proc.wait(timeout=1.0)
                except subprocess.TimeoutExpired:
                    self._kill()
            else:
                os.close(self._life)
            self.proc.wait()
            os.close(self._status)
            for stream in (self.proc.stdin, self.proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            self._stderr.close()
            self.proc = None
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None

    def _kill(self):
        """Kill the worker (process 1 of its pid namespace, so every process in it) and bubblewrap.

        Called while bubblewrap still runs: it has not reaped the worker yet, so
        the worker's pid cannot belong to another process.
        """
        pid = self._worker_pid or self._read_worker_pid()
        if self.isolation == "process":
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)      # the worker's session (no pid namespace here)
        elif pid:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        self.proc.kill()

    def _read_worker_pid(self):
        """The worker's pid, from bubblewrap's JSON status ({"child-pid": ...})."""
        if self.isolation == "process":
            return self.proc.pid
        os.set_blocking(self._status, False)
        try:
            text = os.read(self._status, 65536).decode(errors="replace")
        except OSError:
            return self._worker_pid
        decoder, at = json.JSONDecoder(), 0
        while text[at:].strip():
            try:
                doc, at = decoder.raw_decode(text, len(text) - len(text[at:].lstrip()))
            except ValueError:
                break
            pid = doc.get("child-pid") if isinstance(doc, dict) else None
            if isinstance(pid, int) and pid > 1:
                self._worker_pid = pid
                break
        return self._worker_pid

    def remove(self):
        """Close, delete the files of this sandbox and its throwaway user."""
        self.close()
        shutil.rmtree(self._tmp, ignore_errors=True)
        if self.user is not None:
            self.user.remove()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.remove()

    @property
    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    # --- talking to the worker ---------------------------------------------------

    def _dead(self, what):
        status = self.proc.wait() if self.proc is not None else None
        self.close()
        if status is not None and status < 0:
            how = f"was killed by {describe_signal(-status)}"
        else:
            how = f"ended with exit status {status}"
        return Aborted(f"the process running the notebook's code {how} {what}")

    def _request(self, message, timeout=None, references=None):
        if not self.alive:
            raise Aborted("the sandbox is not running")
        nonce = uuid.uuid4().hex
        line = frame(message, nonce)
        what = {"run": "while a cell ran", "call": f"while {message.get('function')} ran"}.get(
            message.get("op"), "while it started")
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._dead(what) from None
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        fd = self.proc.stdout.fileno()
        received = 0
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                while b"\n" in self._buffer:
                    raw, self._buffer = self._buffer.split(b"\n", 1)
                    reply = unframe(raw)         # None for the student's own writes to the protocol
                    if reply is not None and reply.get("id") == nonce:
                        if "callback" not in reply:
                            return reply
                        self._answer_callback(reply, references or {}, what, deadline, timeout)
                left = deadline - time.monotonic()
                if left <= 0:
                    self.close()
                    limit = self.timeout if timeout is None else timeout
                    raise Aborted(f"the notebook's code ran past the time limit ({limit:g} s) {what}")
                if not sel.select(min(left, 1.0)):
                    continue
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    raise self._dead(what)
                received += len(chunk)
                if received > MAX_RESPONSE:
                    self.close()
                    raise Aborted(f"the notebook's code wrote more than {MAX_RESPONSE >> 20} MiB {what}")
                self._buffer += chunk

    def _answer_callback(self, request, references, what, deadline, timeout):
        """Run the reference a stub forwarded (here, in the grader) and send back its result, as data."""
        name, cid = request.get("callback"), request.get("cid")
        if not isinstance(cid, str):
            return
        try:
            if name not in references:
                raise LookupError(f"no reference named {name!r} stands in during this call")
            args, kwargs = decode(request.get("args")), decode(request.get("kwargs"))
            if type(args) is not list or type(kwargs) is not dict or not all(type(k) is str for k in kwargs):
                raise ValueError("arguments are a list and keyword arguments a dict")
            _small_enough([args, kwargs])
            with _time_limit(deadline - time.monotonic()):
                answer = {"value": encode(references[name](*args, **kwargs))}
        except Exception as exc:  # noqa: BLE001 - the student's arguments made the reference fail
            answer = {"raised": {"type": type(exc).__name__, "message": str(exc)[:300]}}
        # written without blocking past the deadline: a child that stops reading cannot hang the grader
        view, fd = memoryview(frame(answer, cid)), self.proc.stdin.fileno()
        os.set_blocking(fd, False)
        try:
            while view:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.close()
                    limit = self.timeout if timeout is None else timeout
                    raise Aborted(f"the notebook's code ran past the time limit ({limit:g} s) {what}")
                if select.select([], [fd], [], min(left, 1.0))[1]:
                    try:
                        view = view[os.write(fd, view):]
                    except BlockingIOError:
                        pass
        except (BrokenPipeError, OSError):
            raise self._dead(what) from None
        finally:
            if self.proc is not None:
                with contextlib.suppress(OSError, ValueError):
                    os.set_blocking(fd, True)

    def run_cell(self, source, timeout=None):
        """Run one cell in the worker's shell: {"ok", "stdout", "stderr", "error"}."""
        reply = self._request({"op": "run", "source": source}, timeout)
        return {"ok": bool(reply.get("ok")), "stdout": str(reply.get("stdout", "")),
                "stderr": str(reply.get("stderr", "")), "error": reply.get("error")}

    def call(self, function, args=(), kwargs=None, references=None, timeout=None):
        """``function(*args, **kwargs)`` in a fork of the worker; returns its value, decoded.

        ``references`` maps names the function looks up globally to the
        grader's functions that stand in for them during this call. They stay
        here: the fork gets, under each name, a stub that sends its arguments
        to the grader, which runs the reference and sends back the result (as
        data), so that nothing of the reference (its code, its source, the
        values it compares with) enters the student's process. Raises
        :class:`StudentRaised` (or NotImplementedError) when the function
        raises, KeyError when the notebook does not define it, :class:`Aborted`
        when its process dies or runs past the timeout.
        """
        references = dict(references or {})
        reply = self._request({"op": "call", "function": function, "args": encode(list(args)),
                               "kwargs": encode(dict(kwargs or {})), "stubs": sorted(references)}, timeout,
                              references=references)
        if "value" in reply:
            try:
                return decode(reply["value"])
            except (ValueError, TypeError, RecursionError) as exc:
                raise StudentRaised("ValueError", f"its result could not be read: {exc}") from None
        if reply.get("missing"):
            raise KeyError(function)
        if "crashed" in reply:
            raise Aborted(f"the process running {function} {reply['crashed']}")
        raised = reply.get("raised")
        if isinstance(raised, dict):
            type_name, message = str(raised.get("type", "Exception")), str(raised.get("message", ""))[:500]
            if type_name == "NotImplementedError":
                raise NotImplementedError(message)
            raise StudentRaised(type_name, message)
        raise StudentRaised("ValueError", "the sandbox answered with something the grader cannot read")

