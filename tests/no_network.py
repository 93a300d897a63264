"""Refuse every connection to another machine: tests and the lessons they run never use the network.

conftest.py patches the test processes with :func:`patches` (undone after each test); the kernels
that nbval starts call :func:`install` from an IPython start-up file (tests/nbval_kernel.py). A refused name
lookup or connection raises OSError at once, naming the host, instead of hanging on a server
that never answers; connections to this machine (the kernels' own, a local server's) go through.
"""
import ipaddress
import socket

_LOCAL_NAMES = {None, "", "localhost", socket.gethostname()}


def is_local(host):
    if isinstance(host, bytes):
        host = host.decode()
    if host in _LOCAL_NAMES or str(host).endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def _refuse(host):
    raise OSError(f"tests must not use the network: tried to reach {host!r} "
                  "(tests/no_network.py allows only this machine).")


def patches():
    """(object, attribute, replacement) for socket.getaddrinfo and socket.socket.connect."""
    resolve, connect = socket.getaddrinfo, socket.socket.connect

    def guarded_getaddrinfo(host, *args, **kwargs):
        if not is_local(host):
            _refuse(host)
        return resolve(host, *args, **kwargs)

    def guarded_connect(sock, address):
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not is_local(address[0]):
            _refuse(address[0])
        return connect(sock, address)

    return [(socket, "getaddrinfo", guarded_getaddrinfo), (socket.socket, "connect", guarded_connect)]


def install():
    """Patch this process for good (a lesson's kernel)."""
    for owner, name, value in patches():
        setattr(owner, name, value)
