"""A real server process for the browser and durability tests: the app with the tests' own form too.

python -m tests.web.liveserver --port 8123 --database /tmp/x.sqlite3 [--host 192.168.1.20] [--pin 2468]
python -m tests.web.liveserver --port 8123 --database postgresql+psycopg://user:pw@127.0.0.1/db
"""

from __future__ import annotations

import argparse

import uvicorn

from bridgescore.cli.serve import SERVER_OPTIONS
from bridgescore.forms import registry
from bridgescore.store import Store
from bridgescore.web.address import allowed_hosts
from bridgescore.web.app import create_app
from bridgescore.web.security import Safety
from tests.forms.plain import PLAIN


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument(
        "--host", default="127.0.0.1", help="a LAN address: the page is then no secure context"
    )
    parser.add_argument("--pin", default=None, help="the household PIN (default: none)")
    args = parser.parse_args()
    registry.register(PLAIN)
    # Many fast clients on one address (the durability test, the load benchmark): no rate limit.
    safety = Safety(pin=args.pin, writes_per_minute=0, allowed_hosts=allowed_hosts(args.host))
    url = args.database if "://" in args.database else f"sqlite:///{args.database}"  # a file, or a URL
    app = create_app(Store.open(url), safety=safety)
    uvicorn.run(app, host=args.host, port=args.port, **SERVER_OPTIONS)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
