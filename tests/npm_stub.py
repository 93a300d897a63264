"""A stand-in for npm, for the tests of the course tools that fetch npm packages with ``npm pack``
(genlearn.course.export.npm_pack and its callers) without the network.

``npm_stub(folder, files)`` writes an executable that answers ``npm pack --silent SPEC...`` as
npm does: in its working directory, one gzipped tarball a package (``name-version.tgz``) holding
``files`` under ``package/``, and the tarball's name on a line of its own. With ``fail``, it
prints that to stderr and exits 1, as npm does when a package is not found.
"""
import json
import sys
from pathlib import Path

SCRIPT = """#!{python}
import io, json, sys, tarfile
files, fail = json.loads({payload!r})
if fail:
    sys.exit(print(fail, file=sys.stderr) or 1)
assert sys.argv[1:3] == ["pack", "--silent"], sys.argv
for spec in sys.argv[3:]:
    name = spec.lstrip("@").replace("/", "-").replace("@", "-") + ".tgz"
    with tarfile.open(name, "w:gz") as tar:
        for path, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo("package/" + path)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    print(name)
"""


def npm_stub(folder, files=None, fail=None):
    """The path (str) of an executable npm stand-in written into ``folder``."""
    path = Path(folder) / "npm"
    path.write_text(SCRIPT.format(python=sys.executable, payload=json.dumps([files or {}, fail])))
    path.chmod(0o755)
    return str(path)
