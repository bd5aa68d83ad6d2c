"""The package's tests run against a real hexfold server: HEXFOLD_SERVER is its address (`http://HOST:PORT`),
HEXFOLD_TLS_SERVER a server over TLS (`https://HOST:PORT`) whose certificate HEXFOLD_TLS_CA (a PEM file) signed, and
HEXFOLD_BIN the `hexfold` binary, which the reconnection tests start and stop themselves. The test command
(tests/it/python.rs) sets them all; a run without them fails rather than skipping."""

import os
import pathlib
import signal
import subprocess

import pytest

import hexfold_client as hx


def required(name):
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"set {name} (see tests/conftest.py)")
    return value


@pytest.fixture(scope="session")
def server():
    return required("HEXFOLD_SERVER")


@pytest.fixture(scope="session")
def tls_server():
    """The TLS server's address and its CA's PEM bytes."""
    return required("HEXFOLD_TLS_SERVER"), pathlib.Path(required("HEXFOLD_TLS_CA")).read_bytes()


@pytest.fixture
def stub(server):
    with hx.connect(server) as channel:
        yield hx.HexfoldStub(channel)


class Server:
    """A `hexfold serve` process of the test's own, on a data directory that outlives its restarts."""

    def __init__(self, binary, data_dir, listen="127.0.0.1:0"):
        self.binary, self.data_dir = binary, data_dir
        self.process = subprocess.Popen(
            [binary, "serve", "--listen", listen, "--data-dir", str(data_dir)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        for line in self.process.stdout:
            if line.startswith("listening on "):
                self.address = line.split()[-1]
                return
        raise RuntimeError(f"hexfold serve exited ({self.process.wait()}) before it listened")

    @property
    def url(self):
        return f"http://{self.address}"

    def stop(self):
        """SIGTERM: the server ends its streams with UNAVAILABLE, flushes and exits."""
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=30) == 0

    def restart(self):
        """The same address and data directory again."""
        return Server(self.binary, self.data_dir, listen=self.address)


@pytest.fixture
def own_server(tmp_path):
    binary = required("HEXFOLD_BIN")
    servers = [Server(binary, pathlib.Path(tmp_path) / "data")]
    yield servers
    for s in servers:
        if s.process.poll() is None:
            s.process.kill()
            s.process.wait()
