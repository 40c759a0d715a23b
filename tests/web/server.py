"""Start and stop a real server process (tests.web.liveserver) on a free loopback port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from bridgescore.web.address import addresses

ROOT = Path(__file__).parents[2]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def lan_address() -> str | None:
    """This computer's address on its network (what a phone of the household types), if it has one."""
    found = [address for address in addresses("0.0.0.0") if not address.startswith("127.")]
    return found[0] if found else None


@dataclass
class Server:
    """A running server: its address, its database (a SQLite file, or a database's URL) and its process."""

    url: str
    database: Path | str
    process: subprocess.Popen[bytes]

    @classmethod
    def start(
        cls, database: Path | str, port: int | None = None, host: str = "127.0.0.1", pin: str | None = None
    ) -> Server:
        """The server on *port* (a free one when not given) of *host* (loopback, or a LAN address),
        with the household *pin* when given."""
        port = port or free_port(host)
        command = [
            "-m",
            "tests.web.liveserver",
            "--port",
            str(port),
            "--database",
            str(database),
            "--host",
            host,
            *(["--pin", pin] if pin else []),
        ]
        process = subprocess.Popen(
            [sys.executable, *command],
            cwd=ROOT,
            # this checkout's sources first (a worktree shares another checkout's installed package)
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "src")])},
        )
        server = cls(f"http://{host}:{port}", database, process)
        server.wait_until_up()
        return server

    def wait_until_up(self, seconds: float = 90) -> None:  # a busy shared machine starts slowly
        wait_until_up(self.url, self.process, seconds)

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to tidy up."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_until_up(url: str, process: subprocess.Popen[bytes], seconds: float) -> None:
    """Wait until the server at *url* (run by *process*) answers ``/api/games``; raise if it stops first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped with code {process.returncode}")
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start")
