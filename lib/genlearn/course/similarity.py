"""Is a student's function a near copy of a library's? A token-based check for the grader.

Copying genlearn's or scikit-learn's implementation into the notebook defeats
the sandbox's stubs (:mod:`genlearn.course.sandbox`): the code is the
student's now. This check finds such copies so that the instructor can look
at them; it never changes a score.

How it compares
    Every function defined in the notebook (helpers too) and every function
    and method of the blocked library modules is parsed (never run) and
    normalised: docstring dropped, formatting and comments gone
    (``ast.unparse``), its arguments and local variables renamed in order of
    appearance (``v0``, ``v1``, ...), so that renaming does not hide a copy.
    The token sequence (Python's ``tokenize``) is cut into overlapping runs of
    :data:`K` tokens. A function is reported when, for one library function,
    the fraction of its runs found there, or the Jaccard index of the two sets
    of runs, reaches ``threshold``. Functions of fewer than :data:`MIN_RUNS`
    runs (a few lines such as ``(n_c + m * p) / (n + m)``, which any correct
    answer shares with the library) are not compared. The homework's
    solutions score at most 0.42 against genlearn and scikit-learn; a
    library function pasted with its variables renamed, 1.0.

Examples
--------
>>> library = {"lib:f": function_runs(
...     "def f(a, b):\\n    total = 0\\n    for x in a:\\n        total += x * b\\n"
...     "    if total < 0:\\n        raise ValueError('negative')\\n    return total / len(a)\\n")["f"]}
>>> copy = ("def mine(values, w):\\n    s = 0\\n    for v in values:\\n        s += v * w\\n"
...         "    if s < 0:\\n        raise ValueError('negative')\\n    return s / len(values)\\n")
>>> [(hit["function"], hit["reference"], hit["score"]) for hit in near_copies([("cell 1", copy)], library)]
[('mine', 'lib:f', 1.0)]
"""
import ast
import functools
import io
import tokenize
from pathlib import Path

__all__ = ["K", "MIN_RUNS", "function_runs", "library_runs", "near_copies"]

#: tokens in one run
K = 5
#: runs a function needs to be compared
MIN_RUNS = 30


class _Rename(ast.NodeTransformer):
    """Arguments and assigned names as v0, v1, ... in order of appearance."""

    def __init__(self, local):
        self.names = {}
        self.local = local

    def _new(self, name):
        if name not in self.names:
            self.names[name] = f"v{len(self.names)}"
        return self.names[name]

    def visit_arg(self, node):
        node.arg = self._new(node.arg)
        node.annotation = None
        return node

    def visit_Name(self, node):
        if node.id in self.local:
            node.id = self._new(node.id)
        return node


def _normalised_tokens(func):
    body = list(func.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]                                     # the docstring
    local = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            local.add(node.id)
    renamed = _Rename(local)
    func = ast.FunctionDef(name="f", args=renamed.visit(func.args),
                           body=[renamed.visit(n) for n in body] or [ast.Pass()],
                           decorator_list=[], returns=None, type_comment=None)
    if "type_params" in ast.FunctionDef._fields:        # Python >= 3.12
        func.type_params = []
    text = ast.unparse(ast.fix_missing_locations(func))
    skip = {tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.ENCODING, tokenize.ENDMARKER}
    return [t.string or tokenize.tok_name[t.type] for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type not in skip]


def _runs(tokens):
    return {tuple(tokens[i:i + K]) for i in range(len(tokens) - K + 1)}


def function_runs(source):
    """{qualified name: set of token runs} for every function and method defined in ``source``.

    Source that does not parse gives ``{}``.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    out = {}

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                try:
                    out[prefix + child.name] = _runs(_normalised_tokens(child))
                except (SyntaxError, ValueError, RecursionError, tokenize.TokenError):
                    pass
                visit(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            elif not isinstance(child, ast.expr):
                visit(child, prefix)

    visit(tree, "")
    return out


@functools.lru_cache(maxsize=8)
def _library_runs(specs):
    from .sandbox import _module_file

    out = {}
    for spec in specs:
        module, _, attr = spec.partition(":")
        path = _module_file(module)
        if path is None:
            continue
        for name, runs in function_runs(Path(path).read_text(encoding="utf-8")).items():
            if not attr or name == attr or name.startswith(attr + "."):
                out[f"{module}:{name}"] = runs
    return out


def library_runs(specs):
    """{``"module:qualname"``: runs} for the functions and methods named by ``specs``.

    ``specs`` are the sandbox's blocked implementations (``"module"`` for all
    of a module, ``"module:Name"`` for one class or function); the modules'
    files are read, not imported.
    """
    return _library_runs(tuple(specs))


def near_copies(cells, library, threshold=0.6):
    """The notebook's functions that are near copies of a library function.

    Parameters
    ----------
    cells : iterable of (label, source)
        The notebook's code cells (the label names the cell in the report).
    library : dict
        :func:`library_runs`.
    threshold : float, default=0.6
        Fraction of shared token runs from which a function is reported.

    Returns
    -------
    list of dict with the keys ``function``, ``cell``, ``reference``, ``score``
    (the fraction of shared runs, rounded to 2 digits), best match first.
    """
    hits = []
    for label, source in cells:
        for name, runs in function_runs(source).items():
            if len(runs) < MIN_RUNS:
                continue
            best = None
            for ref, ref_runs in library.items():
                if len(ref_runs) < MIN_RUNS:
                    continue
                shared = len(runs & ref_runs)
                score = max(shared / len(runs), shared / len(runs | ref_runs))
                if score >= threshold and (best is None or score > best[1]):
                    best = (ref, score)
            if best is not None:
                hits.append({"function": name, "cell": label, "reference": best[0], "score": round(best[1], 2)})
    return sorted(hits, key=lambda h: -h["score"])

