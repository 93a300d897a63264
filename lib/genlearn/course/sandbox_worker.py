"""The worker that runs a student's notebook inside the grading sandbox.

Started by :class:`genlearn.course.sandbox.Sandbox` as
``python -I -m genlearn.course.sandbox_worker LIMITS LIFELINE_FD``. Everything here runs
with the student's code and is trusted by nobody: the grader decodes what it
answers as data and compares it itself.

It sets its resource limits, keeps private copies of its standard input and
output for the protocol (:mod:`genlearn.course.sandbox_protocol`: one JSON
object a line, each answer carrying the ``id`` of its request), sends the
notebook's own output to files, and then answers the requests ``hello``,
``run`` and ``call`` described there. For ``call`` it forks; the child binds
the call's ``stubs`` in the notebook's namespace (functions that forward their
arguments to the grader's references over the protocol, :class:`_Channel`) and
calls the student's function, so each call starts from the state the cells left
and what one call changes (stubs included) does not reach the next.
"""
import json
import os
import resource
import select
import sys

from genlearn.course.sandbox_protocol import decode, describe_signal, encode, frame, unframe

_MAX_OUTPUT = 10_000        # characters of a cell's stdout or stderr kept


def _apply_limits(limits):
    for key, which in (("as", resource.RLIMIT_AS), ("fsize", resource.RLIMIT_FSIZE),
                       ("nproc", resource.RLIMIT_NPROC)):
        if key in limits:
            resource.setrlimit(which, (limits[key], limits[key]))
    if "cpu" in limits:     # SIGXCPU at the limit; SIGKILL 5 s later for code that catches it
        resource.setrlimit(resource.RLIMIT_CPU, (limits["cpu"], limits["cpu"] + 5))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _text(exc):
    try:
        return str(exc)[:500]
    except BaseException:   # noqa: BLE001 - a student's exception whose __str__ fails
        return "(its message could not be read)"


class _Capture:
    """The notebook's stdout and stderr, sent to two files; read back per cell."""

    def __init__(self):
        self.files = []
        for fd, name in ((1, ".stdout"), (2, ".stderr")):
            f = open(name, "w+b")
            os.dup2(f.fileno(), fd)
            self.files.append(f)
        self.marks = [0, 0]

    def read(self):
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        texts = []
        for i, f in enumerate(self.files):
            try:
                f.seek(self.marks[i])
                data = f.read(4 * _MAX_OUTPUT)
                self.marks[i] = os.fstat(f.fileno()).st_size
            except (OSError, ValueError):
                data = b""
            texts.append(data.decode("utf-8", "replace")[:_MAX_OUTPUT])
        return texts


class _Channel:
    """The forked child's own line to the grader, for the stubs of one call.

    A stub sends ``{"callback": name, "args", "kwargs", "cid"}`` tagged with
    the call's ``id`` on the protocol's output and reads the grader's answer
    (``{"value"}`` or ``{"raised"}``, tagged ``cid``) from its input: the
    worker itself, waiting for the child, reads neither meanwhile.
    """

    def __init__(self, requests_fd, replies_fd, call_id):
        self.requests_fd, self.replies_fd, self.call_id = requests_fd, replies_fd, call_id
        self.count, self.buffer = 0, b""

    def ask(self, name, args, kwargs):
        self.count += 1
        cid = f"{self.call_id}.{self.count}"
        try:
            message = {"callback": name, "args": encode(list(args)), "kwargs": encode(dict(kwargs)), "cid": cid}
        except (TypeError, ValueError, RecursionError) as exc:
            raise TypeError(f"the arguments of {name} must be plain data (numbers, strings, lists, dicts, "
                            f"numpy arrays): {_text(exc)}") from None
        view = memoryview(frame(message, self.call_id))
        while view:
            view = view[os.write(self.replies_fd, view):]
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                answer = unframe(line)
                if answer is None or answer.get("id") != cid:
                    continue
                if "value" in answer:
                    return decode(answer["value"])
                raised = answer.get("raised") or {}
                raise RuntimeError(f"{name} raised {raised.get('type', 'an exception')}: {raised.get('message', '')}")
            chunk = os.read(self.requests_fd, 1 << 20)
            if not chunk:
                raise RuntimeError(f"{name}: the grader did not answer")
            self.buffer += chunk


def _stub(name, channel):
    """A function named ``name`` that forwards its call to the grader's reference: all the child holds of it."""
    def forward(*args, **kwargs):
        return channel.ask(name, args, kwargs)

    forward.__name__ = forward.__qualname__ = name
    return forward


def _call(shell, request, channel=None):
    import inspect

    namespace = shell.user_ns
    name = request["function"]
    if name not in namespace:
        return {"missing": True}
    func = namespace[name]
    stubs = {ref: _stub(ref, channel) for ref in request.get("stubs", ())}
    # by name in the notebook's own namespace, where every function, method, lambda and decorated
    # function defined in a cell looks its globals up; and in the module of a function defined elsewhere
    spaces = [namespace]
    with_globals = getattr(inspect.unwrap(func), "__globals__", None) if callable(func) else None
    if isinstance(with_globals, dict) and with_globals is not namespace:
        spaces.append(with_globals)
    for space in spaces:
        space.update(stubs)
    args, kwargs = decode(request["args"]), decode(request["kwargs"])
    try:
        value = func(*args, **kwargs)
    except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt too
        return {"raised": {"type": type(exc).__name__, "message": _text(exc)}}
    try:
        return {"value": encode(value)}
    except (TypeError, ValueError, RecursionError) as exc:
        return {"raised": {"type": "TypeError", "message": f"its result is not plain data: {_text(exc)}"}}


def _drain(fd):
    out = bytearray()
    while True:
        try:
            chunk = os.read(fd, 1 << 20)
        except BlockingIOError:
            return out
        if not chunk:
            return out
        out += chunk


def _reap(pid=None):
    """Collect every child that has ended (the worker is the sandbox's pid 1: orphans come to it);
    the status of ``pid`` if it was one of them."""
    found = None
    while True:
        try:
            done, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return found
        if done == 0:
            return found
        if done == pid:
            found = status


def _forked_call(shell, request, requests_fd, replies_fd):
    """Run :func:`_call` in a child process; the parent answers if the child dies first."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:                                             # the child
        os.close(read_end)
        try:
            channel = _Channel(requests_fd, replies_fd, request.get("id"))
            reply = json.dumps(_call(shell, request, channel), allow_nan=True).encode()
        except BaseException as exc:  # noqa: BLE001
            reply = json.dumps({"raised": {"type": type(exc).__name__, "message": _text(exc)}}).encode()
        view = memoryview(reply)
        while view:
            view = view[os.write(write_end, view):]
        os._exit(0)
    os.close(write_end)
    # Read until the child has exited (not until end of file: processes the student's code started may
    # hold the pipe open), then take what is left in the pipe.
    os.set_blocking(read_end, False)
    data, status = bytearray(), None
    while status is None:
        select.select([read_end], [], [], 0.05)
        data += _drain(read_end)
        status = _reap(pid)
    data += _drain(read_end)
    os.close(read_end)
    if data:
        try:
            return json.loads(data)
        except ValueError:
            pass
    if os.WIFSIGNALED(status):
        return {"crashed": f"was killed by {describe_signal(os.WTERMSIG(status))}"}
    return {"crashed": f"ended with exit status {os.WEXITSTATUS(status)} before it returned"}


def _watch(lifeline):
    """Exit at once when the grader closes its end of the lifeline pipe, or dies.

    (A parent-death signal cannot do this: bubblewrap, which has dropped its
    capabilities, may not signal the throwaway user.) The worker is process 1
    of its pid namespace: its exit ends every process in the sandbox.
    """
    import threading

    exit_now = os._exit

    def wait():
        try:
            os.read(lifeline, 1)
        finally:
            exit_now(0)

    threading.Thread(target=wait, name="lifeline", daemon=True).start()


def main(argv):
    if len(argv) > 2:
        _watch(int(argv[2]))
    _apply_limits(json.loads(argv[1]) if len(argv) > 1 else {})
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    capture = _Capture()

    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False           # no history thread (the worker forks)
    config.InteractiveShell.colors = "NoColor"
    shell = InteractiveShell.instance(config=config)
    shell.showtraceback = lambda *args, **kwargs: None     # errors are answered as data

    def reply(message, request):
        replies.write(frame(message, request.get("id")))
        replies.flush()

    for line in requests:
        _reap()
        request = unframe(line)
        if request is None:
            continue
        op = request.get("op")
        if op == "hello":
            try:
                exec(compile(request.get("preload") or "", "<preload>", "exec"), {})
            except Exception:  # noqa: BLE001 - the notebook's own cell will say what is wrong
                pass
            capture.read()
            reply({"ok": True}, request)
        elif op == "run":
            capture.read()
            result = shell.run_cell(request["source"], store_history=False)
            out, err = capture.read()
            error = result.error_before_exec or result.error_in_exec
            reply({"ok": error is None, "stdout": out, "stderr": err,
                   "error": None if error is None else {"ename": type(error).__name__, "evalue": _text(error)}},
                  request)
        elif op == "call":
            capture.read()
            reply(_forked_call(shell, request, requests.fileno(), replies.fileno()), request)
            capture.read()


if __name__ == "__main__":
    main(sys.argv)
