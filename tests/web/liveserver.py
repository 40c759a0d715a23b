"""A real server process for the browser and durability tests: the app with the tests' own form too.

python -m tests.web.liveserver --port 8123 --database /tmp/x.sqlite3 [--pin 2468]
"""

from __future__ import annotations

import argparse

import uvicorn

from bridgescore.cli.serve import SERVER_OPTIONS
from bridgescore.forms import registry
from bridgescore.store import Store
from bridgescore.web.app import create_app
from bridgescore.web.security import Safety
from tests.forms.plain import PLAIN


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--pin", default=None, help="the household PIN (default: none)")
    args = parser.parse_args()
    registry.register(PLAIN)
    # Many fast clients on one address (the durability test, the load benchmark): no rate limit.
    app = create_app(
        Store.open(f"sqlite:///{args.database}"), safety=Safety(pin=args.pin, writes_per_minute=0)
    )
    uvicorn.run(app, host="127.0.0.1", port=args.port, **SERVER_OPTIONS)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
