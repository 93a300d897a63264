"""The sandbox's wire protocol: what the grader and its worker say to each other.

The grader (:class:`genlearn.course.sandbox.Sandbox`) starts the worker
(:mod:`genlearn.course.sandbox_worker`) as
``python -I -m genlearn.course.sandbox_worker LIMITS LIFELINE_FD`` (``LIMITS``
a JSON object with the keys ``cpu``, ``as``, ``fsize`` and ``nproc``) and talks
to it over the worker's standard input and output: one JSON object a line
(:func:`frame`), each request carrying an ``id`` that its answer repeats, so
that lines the student's code writes to the same output are told apart
(:func:`unframe`). The requests:

``{"op": "hello", "preload": ...}``
    runs the grader's import statements ``preload`` (before any student
    code), then answers ``{"ok": true}``.
``{"op": "run", "source": ...}``
    runs a cell in an IPython shell (magics work as in a kernel):
    ``{"ok", "stdout", "stderr", "error": {"ename", "evalue"} or null}``.
``{"op": "call", "function", "args", "kwargs", "stubs"}``
    forks; the child binds each name in ``stubs`` (in the notebook's
    namespace) to a stub, calls the function on the decoded arguments and
    answers ``{"value": ...}``, ``{"raised": {"type", "message"}}`` or
    ``{"missing": true}``; a child that dies first is answered for by the
    parent: ``{"crashed": "..."}``. While the call runs, a stub that is
    called sends ``{"callback": name, "args", "kwargs", "cid"}`` (with the
    call's ``id``); the grader runs its own reference function of that name
    and writes back ``{"value": ...}`` or ``{"raised": {...}}`` with the id
    ``cid``, which the child reads. The references never leave the grader.

Arguments and values travel as **data** (:func:`encode` / :func:`decode`:
JSON of numbers, strings, lists, tuples, dicts, numpy arrays and fractions,
never pickles), and a signal that ended a process is described the same way on
both sides (:func:`describe_signal`). Both sides import this module; it
imports neither.
"""
import json
import signal
from fractions import Fraction

__all__ = ["WORKER_MODULE", "MAX_RESPONSE", "MAX_DEPTH", "frame", "unframe", "encode", "decode",
           "describe_signal"]

#: the module the grader runs as the worker (``python -I -m WORKER_MODULE LIMITS LIFELINE_FD``)
WORKER_MODULE = "genlearn.course.sandbox_worker"
#: the largest response (bytes) read from the worker for one request
MAX_RESPONSE = 256 * 2**20
#: how deeply lists, dicts and tuples may nest in the data exchanged
MAX_DEPTH = 32


# ---------------------------------------------------------------------------
# Messages: one JSON object a line
# ---------------------------------------------------------------------------

def frame(message, id):
    """``message`` with its ``id``, as one line of JSON (bytes, ending in a newline).

    Examples
    --------
    >>> line = frame({"op": "run", "source": "1 + 1"}, "abc")
    >>> line
    b'{"op": "run", "source": "1 + 1", "id": "abc"}\\n'
    >>> unframe(line)["id"], unframe(b"Hello from the student"), unframe(b"[1, 2]")
    ('abc', None, None)
    """
    return json.dumps({**message, "id": id}, allow_nan=True).encode() + b"\n"


def unframe(line):
    """The message (a dict) one line holds, or None when the line is not one.

    Lines that are not messages (the student's code writing to the protocol's
    output) are skipped by the side that reads them.
    """
    try:
        message = json.loads(line)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def describe_signal(number):
    """'signal 24 (SIGXCPU: the CPU-time limit)', for the grader's report."""
    try:
        name = signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
    meaning = {"SIGXCPU": ": the CPU-time limit", "SIGKILL": ": the CPU-time limit, or the system",
               "SIGXFSZ": ": the file-size limit", "SIGSEGV": ": a crash"}.get(name, "")
    return f"signal {number} ({name}{meaning})"


# ---------------------------------------------------------------------------
# Data in and out: JSON, with tags for what JSON has no type for
# ---------------------------------------------------------------------------

# numpy is imported by encode and decode when they first run, so that importing the protocol stays
# cheap: the worker imports it before it sets its resource limits, the grader before any data is sent.
_ARRAY_KINDS = "biuf"     # bool, signed and unsigned integers, floats


def encode(obj, _depth=0):
    """``obj`` as JSON-ready data; raises TypeError for anything that is not plain data.

    Examples
    --------
    >>> import numpy as np
    >>> encode((1, np.array([0.5, 2.0]), {"k": "v"}))["$"]
    'tuple'
    >>> decode(encode({"a": np.arange(3), "b": [Fraction(1, 3)]}))["b"]
    [Fraction(1, 3)]
    """
    import numpy as np

    if _depth > MAX_DEPTH:
        raise TypeError(f"data nested more than {MAX_DEPTH} levels deep")
    if obj is None or type(obj) in (bool, int, float, str):
        return obj
    if isinstance(obj, (bool, np.bool_)):
        return bool(obj)
    if isinstance(obj, (int, np.integer)):
        return int(obj)
    if isinstance(obj, (float, np.floating)):
        return float(obj)
    if isinstance(obj, str):
        return str(obj)
    if isinstance(obj, Fraction):
        return {"$": "fraction", "n": int(obj.numerator), "d": int(obj.denominator)}
    if isinstance(obj, list):
        return [encode(v, _depth + 1) for v in obj]
    if isinstance(obj, tuple):
        return {"$": "tuple", "items": [encode(v, _depth + 1) for v in obj]}
    if isinstance(obj, (set, frozenset)):
        return {"$": "set", "items": [encode(v, _depth + 1) for v in obj]}
    if isinstance(obj, dict):
        return {"$": "dict", "items": [[encode(k, _depth + 1), encode(v, _depth + 1)] for k, v in obj.items()]}
    if not isinstance(obj, np.ndarray) and hasattr(obj, "__array__"):
        obj = np.asarray(obj)                   # e.g. a pandas Series
    if isinstance(obj, np.ndarray):
        if obj.dtype.kind in _ARRAY_KINDS:
            return {"$": "ndarray", "dtype": obj.dtype.str, "shape": list(obj.shape),
                    "data": obj.ravel().tolist()}
        if obj.dtype.kind == "U":
            return {"$": "ndarray", "dtype": "str", "shape": list(obj.shape), "data": obj.ravel().tolist()}
        if obj.dtype.kind == "O":
            return {"$": "objects", "shape": list(obj.shape),
                    "data": [encode(v, _depth + 1) for v in obj.ravel().tolist()]}
    raise TypeError(f"a {type(obj).__name__} is not plain data")


def decode(data, _depth=0):
    """The value :func:`encode` made ``data`` of; anything else raises ValueError.

    Only the tags :func:`encode` writes are read, into numbers, strings,
    lists, tuples, sets, dicts, numpy arrays of numbers or strings, and
    fractions: no other object is ever created from the data.
    """
    import numpy as np

    if _depth > MAX_DEPTH:
        raise ValueError(f"data nested more than {MAX_DEPTH} levels deep")
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return [decode(v, _depth + 1) for v in data]
    if type(data) is not dict or not isinstance(data.get("$"), str):
        raise ValueError(f"not encoded data: {type(data).__name__}")
    tag = data["$"]
    if tag == "fraction":
        n, d = data.get("n"), data.get("d")
        if type(n) is not int or type(d) is not int or d == 0:
            raise ValueError("a fraction needs integer n and non-zero d")
        return Fraction(n, d)
    if tag in ("tuple", "set"):
        items = [decode(v, _depth + 1) for v in _list(data.get("items"))]
        return tuple(items) if tag == "tuple" else set(items)
    if tag == "dict":
        pairs = _list(data.get("items"))
        if not all(type(p) is list and len(p) == 2 for p in pairs):
            raise ValueError("a dict is a list of [key, value] pairs")
        return {decode(k, _depth + 1): decode(v, _depth + 1) for k, v in pairs}
    if tag in ("ndarray", "objects"):
        shape = _list(data.get("shape"))
        if not all(type(s) is int and s >= 0 for s in shape):
            raise ValueError("an array's shape is a list of sizes")
        flat = _list(data.get("data"))
        if len(flat) != int(np.prod(shape, dtype=np.int64)):
            raise ValueError("an array's data does not match its shape")
        if tag == "objects":
            out = np.empty(len(flat), dtype=object)
            out[:] = [decode(v, _depth + 1) for v in flat]
            return out.reshape(shape)
        dtype = data.get("dtype")
        if dtype == "str":
            if not all(type(v) is str for v in flat):
                raise ValueError("a string array holds strings")
            return np.array(flat, dtype=str).reshape(shape) if flat else np.empty(shape, dtype="<U1")
        if not isinstance(dtype, str) or np.dtype(dtype).kind not in _ARRAY_KINDS:
            raise ValueError(f"arrays of {dtype!r} are not read")
        if not all(type(v) in (bool, int, float) for v in flat):
            raise ValueError("a numeric array holds numbers")
        return np.array(flat, dtype=dtype).reshape(shape)
    raise ValueError(f"unknown tag {tag!r}")


def _list(value):
    if type(value) is not list:
        raise ValueError("expected a list")
    return value
