"""Errors as people see them: JSON ``{"message", "field"}`` from the API, a page from the site.

Every error the app answers is a ``BridgeScoreError`` translated into the request's language;
input a user can type never gives a 500. Bad input is 422 (a body that cannot even be read, 400),
an unknown game 404, a change that cannot be made to the log as it stands 409; a database that
cannot be reached just now (stopped, restarting, locked past its busy timeout) 503 with
``Retry-After``, so that a phone keeps the change in its queue and sends it again. A method a
path does not take is 405 with ``Allow``: every method its routes take.

OpenAPI: an error answer is a :class:`Problem`, and a route declares the ones it can give with
:func:`problems` (each kind of route has its dict: :mod:`bridgescore.web.api`,
:mod:`bridgescore.web.club.auth`):

>>> sorted(problems(404, 503))
[404, 503]
>>> problems(404)[404]["content"]
{'application/json': {'schema': {'$ref': '#/components/schemas/Problem'}}}
>>> problems(503)[503]["headers"]["Retry-After"]["schema"]
{'type': 'integer'}
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.staticfiles import StaticFiles

from bridgescore.club.roles import NotYoursError
from bridgescore.core.errors import N_, BridgeScoreError, FieldError, ParseError, blamed
from bridgescore.i18n import translator
from bridgescore.store.errors import UNREACHABLE, ConflictError, NotFoundError
from bridgescore.web import language
from bridgescore.web.refusal import RefusedError
from bridgescore.web.security import RETRY_AFTER_UNREACHABLE, unreachable

__all__ = [
    "FieldError",
    "Problem",
    "Responses",
    "body",
    "field",
    "install",
    "problems",
    "status_of",
    "validation_problem",
]

log = logging.getLogger("bridgescore.web")


field = blamed
"""Blame a field of the request for any ``BridgeScoreError`` raised inside the block."""


class Problem(BaseModel):
    """An error as the API answers it: what was wrong, in the request's language, and the field at fault."""

    model_config = ConfigDict(frozen=True)

    message: str = Field(examples=["there is no game 'f00d'"])
    field: str | None = Field(description="the field of the request at fault (dotted), or null")


Responses = dict[int | str, dict[str, Any]]
"""OpenAPI: what a route answers beside its model, by status (FastAPI's ``responses=``)."""

PROBLEM_SCHEMA = {"$ref": "#/components/schemas/Problem"}

_RETRY_AFTER = {
    "Retry-After": {"description": "seconds to wait, then send it again", "schema": {"type": "integer"}}
}

MEANINGS: dict[int, str] = {
    400: "The body could not be read: not JSON, a form or plain text (not UTF-8, say)",
    401: "No pass: sign in or join (club mode), or the household PIN first (the scorepad's changes)",
    403: "Refused: a change from another site, an expired form token, or not this caller's to do",
    404: "Not found: no such game, line, session, director or table code",
    409: "Not possible as the log stands: nothing to undo, a token reused, a board already entered …",
    413: "The body is over the server's limit",
    422: "Bad input: the message names the field at fault",
    429: "Too many attempts or changes a minute: Retry-After says when to try again",
    503: "The database cannot be reached just now: nothing was stored, send it again after Retry-After",
}
"""What each error status means, as OpenAPI describes it."""


def problems(*statuses: int) -> Responses:
    """OpenAPI: the error answers *statuses* of a route, each a :class:`Problem` in JSON (whatever
    the route's own media type), with ``Retry-After`` on 429 and 503."""
    return {
        status: {
            "description": MEANINGS[status],
            "content": {"application/json": {"schema": PROBLEM_SCHEMA}},
            **({"headers": _RETRY_AFTER} if status in (429, 503) else {}),
        }
        for status in statuses
    }


def status_of(error: BridgeScoreError) -> int:
    """The HTTP status for *error*."""
    if isinstance(error, RefusedError):
        return error.status
    if isinstance(error, NotYoursError):
        return 403
    if isinstance(error, NotFoundError):
        return 404
    if isinstance(error, ConflictError):
        return 409
    return 422


def body(request: Request, error: BridgeScoreError, field_name: str | None) -> dict[str, Any]:
    """The JSON of an error: its message in the request's language and the field at fault."""
    gettext = translator(language.of_request(request))
    return {"message": error.translate(gettext), "field": field_name}


def _validation_error(detail: dict[str, Any]) -> tuple[BridgeScoreError, str | None]:
    location = [str(part) for part in detail.get("loc", ()) if part not in ("body", "query", "path")]
    name = ".".join(location) or None
    kind = str(detail.get("type", ""))
    shown = name or "body"
    if kind == "missing":
        return ParseError(N_("{field} is required"), field=shown), name
    if kind == "extra_forbidden":
        return ParseError(N_("{field} is not a field of this request"), field=shown), name
    if kind == "string_too_long":
        most = detail.get("ctx", {}).get("max_length")
        return ParseError(N_("{field} is too long: at most {most} characters"), field=shown, most=most), name
    if kind == "control_characters":
        return ParseError(N_("{field} must be plain text, without control characters"), field=shown), name
    if kind.startswith("string"):
        return ParseError(N_("{field} must be text"), field=shown), name
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        return ParseError(N_("{field} is out of range"), field=shown), name
    if kind.startswith("int"):
        return ParseError(N_("{field} must be a whole number"), field=shown), name
    if kind.startswith(("dict", "model")):
        return ParseError(N_("{field} must be a JSON object"), field=shown), name
    if kind == "json_invalid":
        return ParseError(N_("the request is not valid JSON")), None
    return ParseError(N_("{field} is not valid here"), field=shown), name


def validation_problem(error: ValidationError, *within: str) -> FieldError:
    """The first problem of a model read from a page's form, named as the API names it (the
    model read *within* those fields: ``movement.rounds``)."""
    detail: dict[str, Any] = dict(error.errors()[0])
    found, name = _validation_error({**detail, "loc": (*within, *detail.get("loc", ()))})
    return FieldError(name or "body", found)


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")
"""The methods an ``Allow`` may name."""


def allowed(request: Request) -> str:
    """The ``Allow`` of a 405: every method that a route of the app takes at the request's path.

    Starlette names only the methods of the first route whose path matched, while a path such as
    ``/api/games/{game_id}`` has a route for GET and another for DELETE; so each method is tried.
    """
    taken = []
    # A mount (the static files) has moved its own path into root_path: the app's is in app_root_path.
    root_path = request.scope.get("app_root_path", request.scope.get("root_path", ""))
    for method in METHODS:
        scope = {**request.scope, "method": method, "root_path": root_path}
        for route in request.app.router.routes:
            match, _ = route.matches(scope)
            files = isinstance(getattr(route, "app", None), StaticFiles)
            if match is Match.FULL and (method in ("GET", "HEAD") or not files):
                taken.append(method)
                break
    return ", ".join(taken)


def _documented(app: FastAPI) -> None:
    # The error answers name the Problem schema whatever the route's media type (a PBN file's
    # errors are JSON too), so FastAPI does not collect it from a route: it is added here.
    made = app.openapi

    def openapi() -> dict[str, Any]:
        fresh = app.openapi_schema is None
        document = made()  # FastAPI's, kept in app.openapi_schema
        if fresh:
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            schemas["Problem"] = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
        return document

    app.openapi = openapi  # type: ignore[method-assign]


def install(app: FastAPI, error_page: Callable[[Request, BridgeScoreError, int], Response]) -> None:
    """Answer every error of *app* in the user's language: JSON under /api/, elsewhere *error_page*;
    and document the error answers' :class:`Problem` in its OpenAPI."""
    _documented(app)

    def answer(request: Request, error: BridgeScoreError, field_name: str | None, status: int) -> Response:
        if _is_api(request):
            return JSONResponse(body(request, error, field_name), status_code=status)
        return error_page(request, error, status)

    @app.exception_handler(FieldError)
    async def _field_error(request: Request, error: FieldError) -> Response:
        return answer(request, error.error, error.field, status_of(error.error))

    @app.exception_handler(BridgeScoreError)
    async def _bridgescore_error(request: Request, error: BridgeScoreError) -> Response:
        response = answer(request, error, None, status_of(error))
        if isinstance(error, RefusedError) and "seconds" in error.params:  # a limit: when to try again
            response.headers["Retry-After"] = str(error.params["seconds"])
        return response

    async def _unreachable(request: Request, error: Exception) -> Response:
        # The driver's message may name the server and the user, never the password; only its kind is logged.
        log.warning("the database cannot be reached: %s", type(error).__name__)
        response = answer(request, unreachable(), None, 503)
        response.headers["Retry-After"] = str(RETRY_AFTER_UNREACHABLE)
        return response

    for kind in UNREACHABLE:
        app.add_exception_handler(kind, _unreachable)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, error: RequestValidationError) -> Response:
        details = list(error.errors())
        problem, name = _validation_error(details[0]) if details else (ParseError(N_("bad request")), None)
        return answer(request, problem, name, 422)

    @app.exception_handler(HTTPException)
    async def _http(request: Request, error: HTTPException) -> Response:
        if error.status_code == 404:
            problem: BridgeScoreError = NotFoundError(N_("there is no page at {path}"), path=request.url.path)
        elif error.status_code == 400:
            problem = ParseError(N_("the request could not be read: send JSON, a form, or plain text"))
        elif error.status_code == 413:
            problem = ParseError(N_("the request is too large: at most {most} bytes"), most=error.detail)
        elif error.status_code == 405:
            problem = ParseError(N_("{method} is not allowed at {path}"), method=request.method,
                                 path=request.url.path)  # fmt: skip
        else:
            problem = ParseError(N_("the request was refused ({status})"), status=error.status_code)
        response = answer(request, problem, None, error.status_code)
        response.headers.update(error.headers or {})
        if error.status_code == 405:
            response.headers["Allow"] = allowed(request)
        return response
