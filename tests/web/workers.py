"""``bridgescore serve --workers N`` as a real process group on a free port, on the test's database."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from tests.web.server import free_port, wait_until_up

BRIDGESCORE = Path(sys.executable).parent / "bridgescore"


@dataclass
class Served:
    """A running ``bridgescore serve``: its address and its process (the group leader)."""

    url: str
    process: subprocess.Popen[bytes]

    @classmethod
    def start(
        cls,
        database_url: str,
        workers: int = 2,
        pin: str | None = None,
        settings: dict[str, str] | None = None,
    ) -> Served:
        """Serve *database_url* (a SQLite file is served as its data folder, as a user would), with
        the ``BRIDGESCORE_*`` *settings* given (the test's environment's own are not passed on)."""
        port = free_port()
        env = {key: value for key, value in os.environ.items() if not key.startswith("BRIDGESCORE_")}
        env["BRIDGESCORE_WRITES_PER_MINUTE"] = "0"  # many fast clients on one address
        env.update(settings or {})
        command = [str(BRIDGESCORE), "serve", "--port", str(port), "--workers", str(workers)]
        url = make_url(database_url)
        if url.get_backend_name() == "sqlite":
            command += ["--data-dir", str(Path(url.database or "").parent)]
        else:
            env["BRIDGESCORE_DATABASE_URL"] = database_url
        if pin is not None:
            command += ["--pin", pin]
        process = subprocess.Popen(command, env=env, start_new_session=True, stdout=subprocess.DEVNULL)
        served = cls(f"http://127.0.0.1:{port}", process)
        served.wait_until_up()
        return served

    def wait_until_up(self, seconds: float = 240) -> None:
        wait_until_up(self.url, self.process, seconds)

    def workers(self) -> list[int]:
        """The ids of the processes the server started (its workers)."""
        found = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        return [int(pid) for pid in found]

    def kill(self) -> None:
        """SIGKILL to the whole group: no process gets a chance to tidy up."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
        with contextlib.suppress(ProcessLookupError):  # workers left behind by a killed supervisor
            os.killpg(self.process.pid, signal.SIGKILL)
