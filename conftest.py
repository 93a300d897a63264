"""Test configuration shared by the library tests and the notebooks (nbval).

The real SMS Spam Collection is never committed: the tests read it from the
folder named by GENLEARN_DATA, which defaults to ../shared/data/sms_spam when
that folder exists beside the checkout. Notebook kernels started by nbval
inherit this environment.

Tests never use the network. GENLEARN_OFFLINE=1 stops load_sms_spam from
downloading (here and in every notebook kernel nbval starts), and the fixture
``_no_internet`` makes any attempt to reach a host other than this machine
fail at once with a clear OSError, instead of hanging on a server that never
answers.
"""
import ipaddress
import os
import socket
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

_shared = Path(__file__).resolve().parent.parent / "shared" / "data" / "sms_spam"
if "GENLEARN_DATA" not in os.environ and _shared.is_dir():
    os.environ["GENLEARN_DATA"] = str(_shared)

os.environ["GENLEARN_OFFLINE"] = "1"

_LOCAL_NAMES = {None, "", "localhost", socket.gethostname()}


def _is_local(host):
    if isinstance(host, bytes):
        host = host.decode()
    if host in _LOCAL_NAMES or str(host).endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch):
    """Refuse name lookups and connections to anything but this machine."""
    resolve, connect = socket.getaddrinfo, socket.socket.connect

    def refuse(host):
        raise OSError(f"tests must not use the network: tried to reach {host!r} "
                      "(conftest.py's _no_internet allows only this machine).")

    def guarded_getaddrinfo(host, *args, **kwargs):
        if not _is_local(host):
            refuse(host)
        return resolve(host, *args, **kwargs)

    def guarded_connect(sock, address):
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not _is_local(address[0]):
            refuse(address[0])
        return connect(sock, address)

    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)
    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
