"""The hub test's driver lives beside it (like tests/browser/lab_driver.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# JupyterHub reads this file with its own loader; --doctest-modules must not import it
collect_ignore = ["jupyterhub_config.py"]


def pytest_configure(config):
    config.addinivalue_line("markers", "hub: runs a real JupyterHub with ten students (minutes); "
                                       "deselect with -m 'not hub'")
