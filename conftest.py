"""Test configuration shared by the library tests and the notebooks (nbval).

The real SMS Spam Collection is never committed: the tests read it from the
folder named by GENLEARN_DATA, which defaults to ../shared/data/sms_spam when
that folder exists beside the checkout. Notebook kernels started by nbval
inherit this environment.
"""
import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

_shared = Path(__file__).resolve().parent.parent / "shared" / "data" / "sms_spam"
if "GENLEARN_DATA" not in os.environ and _shared.is_dir():
    os.environ["GENLEARN_DATA"] = str(_shared)
