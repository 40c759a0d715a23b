"""A real server process for the browser and durability tests: the app with the tests' own form too.

python -m tests.web.liveserver --port 8123 --database /tmp/x.sqlite3
"""

from __future__ import annotations

import argparse

import uvicorn

from bridgescore.forms import registry
from bridgescore.store import Store
from bridgescore.web.app import create_app
from tests.forms.plain import PLAIN


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database", required=True)
    args = parser.parse_args()
    registry.register(PLAIN)
    app = create_app(Store.open(f"sqlite:///{args.database}"))
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
