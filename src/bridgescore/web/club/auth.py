"""Who is asking: the roles of club mode, their cookies, and what each route demands.

- **anonymous** — no pass: may only sign in (a director) or join (with a table's or the viewers' code);
- **table** — a phone joined with its table's code (cookie ``bridgescore_table``): enters and
  confirms its own table's results, sees a board's traveller once it has played that board;
- **viewer** — joined with the session's viewer code (the same cookie, table 0): reads the
  published results only;
- **director** — signed in (cookie ``bridgescore_director``): everything in every session.

A cookie holds a random token; the database keeps its hash (:class:`~bridgescore.store.club.ClubStore`),
so every worker process answers alike and signing out ends the pass everywhere. Both cookies are
``HttpOnly`` and ``SameSite=Lax``. A change also carries the form token of
:mod:`bridgescore.web.security` in the ``X-Bridgescore-Form`` header (double submit: it must
repeat the form cookie), beside the guard's own refusal of cross-site writes. Sign-in and join
are rate limited per client address, in the database's token buckets (:mod:`bridgescore.web.limits`).

OpenAPI: each route declares the cookie it needs (``directorCookie``, ``tableCookie``) as its
security requirement, through :data:`DirectorPass` and :data:`AnyPass`; sign-in and join declare
an empty one (anyone). Each kind of route declares the errors it can give with one of the dicts
below (:data:`SIGNING_IN` … :data:`CHANGING`): a pass missing is 401, the wrong pass or a form
token missing 403.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Header, Path, Request, Response, Security
from fastapi.security import APIKeyCookie

from bridgescore.core.errors import N_, ParseError
from bridgescore.store.club import ClubStore, Director, TablePass
from bridgescore.web.problems import problems
from bridgescore.web.refusal import RefusedError
from bridgescore.web.security import FORM_FIELD, check_form_token, over_https

DIRECTOR_COOKIE = "bridgescore_director"
TABLE_COOKIE = "bridgescore_table"
FORM_HEADER = "x-bridgescore-form"
VIEWER_TABLE = 0
"""The table number of a viewer's pass (tables are numbered from 1)."""

director_cookie = APIKeyCookie(
    name=DIRECTOR_COOKIE, scheme_name="directorCookie", auto_error=False,
    description="A director's pass, set by POST /api/club/sign-in.",
)  # fmt: skip
table_cookie = APIKeyCookie(
    name=TABLE_COOKIE, scheme_name="tableCookie", auto_error=False,
    description="A table's (or a viewer's) pass, set by POST /api/club/join with a code.",
)  # fmt: skip


SIGN_INS_PER_MINUTE = 10
JOINS_PER_MINUTE = 30
"""Failed joins a minute from one address (valid codes are never refused for an address)."""
JOINS_PER_SESSION_PER_MINUTE = 600
"""Joins a minute with one session's codes: 200 tables join at the start within the minute."""
JOINS_PER_CODE_PER_MINUTE = 8
"""Joins a minute with one table's code: two at once, then one every 7.5 s."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How many sign-ins and joins may be tried a minute (``BRIDGESCORE_CLUB_*``; 0: no limit): sign-ins
    and joins per client address, and joins per session and per table code too — so that guessing
    is bounded however many addresses it comes from, and one curious phone behind a club's router
    cannot lock the room out (docs/web.md, "Security")."""

    sign_ins_per_minute: int = SIGN_INS_PER_MINUTE
    joins_per_minute: int = JOINS_PER_MINUTE
    joins_per_session_per_minute: int = JOINS_PER_SESSION_PER_MINUTE
    joins_per_code_per_minute: int = JOINS_PER_CODE_PER_MINUTE

    @classmethod
    def from_environment(cls) -> Limits:
        """``BRIDGESCORE_CLUB_SIGN_INS_PER_MINUTE``, ``BRIDGESCORE_CLUB_JOINS_PER_MINUTE``."""

        def count(name: str, default: int) -> int:
            text = os.environ.get(name, "").strip()
            if not text:
                return default
            if not (text.isascii() and text.isdigit()) or len(text) > 9:
                raise ParseError(N_("{value!r} is not a whole number of at most 9 digits"), value=text)
            return int(text)

        return cls(
            count("BRIDGESCORE_CLUB_SIGN_INS_PER_MINUTE", SIGN_INS_PER_MINUTE),
            count("BRIDGESCORE_CLUB_JOINS_PER_MINUTE", JOINS_PER_MINUTE),
            count("BRIDGESCORE_CLUB_JOINS_PER_SESSION_PER_MINUTE", JOINS_PER_SESSION_PER_MINUTE),
            count("BRIDGESCORE_CLUB_JOINS_PER_CODE_PER_MINUTE", JOINS_PER_CODE_PER_MINUTE),
        )


def club_store(request: Request) -> ClubStore:
    """The club store of the app."""
    found: ClubStore = request.app.state.club.store
    return found


async def form_token_checked(
    request: Request,
    token: Annotated[
        str | None,
        Header(alias=FORM_HEADER, description="The value of the bridgescore_form cookie (against CSRF)."),
    ] = None,
) -> None:
    """Refuse a change whose ``X-Bridgescore-Form`` header does not repeat the form cookie.

    Async, as it reads no database: no thread of the pool is taken for it."""
    check_form_token(request, {FORM_FIELD: token})


def signed_in(request: Request, token: Annotated[str | None, Security(director_cookie)] = None) -> Director:
    """The signed-in director; 403 for a table's or a viewer's pass, 401 without any pass."""
    store = club_store(request)
    director = store.director_of(token)
    if director is None:
        if store.table_of(request.cookies.get(TABLE_COOKIE)) is not None:
            raise RefusedError(403, N_("only a director may do this"))
        raise RefusedError(401, N_("sign in as a director first"))
    return director


def joined(request: Request, token: Annotated[str | None, Security(table_cookie)] = None) -> TablePass | None:
    """The table (or viewer) pass of the request, if any."""
    return club_store(request).table_of(token)


def directing(
    request: Request,
    session_id: Annotated[str, Path()],
    token: Annotated[str | None, Security(director_cookie)] = None,
) -> Director:
    """The signed-in director, who must direct the session of the route (started it, was given it,
    or is the club's administrator); 403 otherwise."""
    director = signed_in(request, token)
    if not club_store(request).directs(director, session_id):
        raise not_directing()
    return director


def may_give(director: Director, owner: int | None) -> None:
    """Refuse (403) a director who is neither the session's owner nor the club's administrator."""
    if not director.admin and owner != director.id:
        raise RefusedError(403, N_("only the session's owner or the club's administrator gives it to others"))


def not_directing() -> RefusedError:
    """403 for a director of other sessions."""
    return RefusedError(
        403,
        N_("this session is another director's: its owner or the club's administrator may give it to you"),
    )


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks: a director, a table's or a viewer's pass, or nobody (anonymous)."""

    director: Director | None
    joined: TablePass | None
    store: ClubStore | None = field(default=None, compare=False, repr=False)

    def is_director(self) -> bool:
        """Whether a director asks (of some session: :meth:`directs` says of which)."""
        return self.director is not None

    def directs(self, session_id: str) -> bool:
        """Whether a director of *session_id* asks."""
        return (
            self.director is not None
            and self.store is not None
            and self.store.directs(self.director, session_id)
        )

    def table_in(self, session_id: str) -> int | None:
        """The table this caller plays at in *session_id* (None: not a table of that session)."""
        found = self.joined
        if found is None or found.session_id != session_id or found.table == VIEWER_TABLE:
            return None
        return found.table

    def reads(self, session_id: str) -> bool:
        """Whether this caller may read *session_id*'s published results (its directors, tables, viewers)."""
        return (self.joined is not None and self.joined.session_id == session_id) or self.directs(session_id)


def caller(
    request: Request,
    director_token: Annotated[str | None, Security(director_cookie)] = None,
    table_token: Annotated[str | None, Security(table_cookie)] = None,
) -> Caller:
    """Whoever asks, by their cookies; 401 when neither cookie is a valid pass."""
    return Passes(director_token, table_token).caller(club_store(request))


@dataclass(frozen=True, slots=True)
class Passes:
    """A request's pass cookies, read but not yet looked up (:data:`LatePass`)."""

    director_token: str | None
    table_token: str | None

    def caller(self, store: ClubStore) -> Caller:
        """Whoever these cookies stand for; 401 when neither is a valid pass."""
        found = Caller(store.director_of(self.director_token), store.table_of(self.table_token), store)
        if found.director is None and found.joined is None:
            raise RefusedError(401, N_("join with your table's code, or sign in as a director"))
        return found


async def passes(
    director_token: Annotated[str | None, Security(director_cookie)] = None,
    table_token: Annotated[str | None, Security(table_cookie)] = None,
) -> Passes:
    """The pass cookies, for the route to look up in its own thread. Async: it reads no database."""
    return Passes(director_token, table_token)


def of_table(session_id: str, table: int, who: Caller) -> None:
    """Refuse (403) anyone but a director of *session_id* and the phone of its *table*."""
    if who.table_in(session_id) == table or who.directs(session_id):
        return
    raise RefusedError(403, N_("this is another table's page: a phone sees and enters only its own table"))


def set_pass(request: Request, response: Response, name: str, token: str) -> None:
    """Set a pass cookie: HttpOnly, SameSite=Lax, for the whole site, for the pass's lifetime, and
    ``Secure`` when the request came over HTTPS (directly or through a trusted proxy)."""
    response.set_cookie(
        name,
        token,
        max_age=12 * 3600,
        path="/",
        httponly=True,
        samesite="lax",
        secure=over_https(request.scope),
    )


def end_pass(request: Request, response: Response, name: str) -> None:
    """Delete a pass cookie (with the attributes it was set with)."""
    response.delete_cookie(name, path="/", httponly=True, samesite="lax", secure=over_https(request.scope))


DirectorPass = Annotated[Director, Depends(signed_in)]
"""A route only a signed-in director may use."""
SessionDirector = Annotated[Director, Depends(directing)]
"""A route of one session that only its directors may use (the owner, those it was given to, the
club's administrator)."""
AnyPass = Annotated[Caller, Depends(caller)]
"""A route for anyone with a pass; the route decides further."""
LatePass = Annotated[Passes, Depends(passes)]
""":data:`AnyPass` for the busiest routes (a table's round, its entries and confirmations): the
route looks the pass up itself (``who = cookies.caller(club.store)``) in the thread that does its
work, so a request takes one thread of the pool instead of two. The OpenAPI security is the same."""
FormToken = Depends(form_token_checked)
"""The dependency of every change (the form token)."""

SIGNING_IN = problems(400, 403, 404, 413, 422, 429, 503)
"""OpenAPI: the errors of sign-in and join: the form token (403), a wrong name or password or a
code that is not valid (404), too many attempts (429), the request's and the database's."""
SIGNING_OUT = problems(401, 403, 422, 503)
"""OpenAPI: the errors of ending the passes: no pass (401), the form token (403)."""
DIRECTING = problems(401, 403, 503)
"""OpenAPI: the errors of a director's route outside a session (:data:`DirectorPass`)."""
STARTING = problems(400, 401, 403, 413, 422, 503)
"""OpenAPI: the errors of starting a session: a director's, the form token's, the request's."""
READING = problems(401, 403, 404, 422, 503)
"""OpenAPI: the errors of reading a session (:data:`SessionDirector`, :data:`AnyPass`,
:data:`LatePass`): no pass (401), not this caller's (403), no such session (404)."""
PUBLISHED = problems(401, 403, 404, 409, 422, 503)
"""OpenAPI: :data:`READING`'s, and the results not published yet (409)."""
CHANGING = problems(400, 401, 403, 404, 409, 413, 422, 503)
"""OpenAPI: the errors of a change to a session: :data:`READING`'s, the form token's (403), the
request's, and a change its log refuses (409)."""
