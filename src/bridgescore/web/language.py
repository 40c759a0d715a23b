"""Which language a request wants: ``?lang=``, then the ``lang`` cookie, then the browser's Accept-Language.

>>> from_accept_language("ru-RU,ru;q=0.9,en-US;q=0.8")
'ru'
>>> from_accept_language("de-DE, en;q=0.5, ru;q=0.4")
'en'
>>> from_accept_language(None)
'en'
"""

from __future__ import annotations

from starlette.requests import Request

from bridgescore.i18n import LANGUAGES, Lang

COOKIE = "lang"


def from_accept_language(header: str | None) -> Lang:
    """The best of English and Russian for an ``Accept-Language`` header (English if neither is wanted)."""
    best: tuple[float, int, Lang] | None = None
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        if code not in LANGUAGES:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality <= 0:
            continue
        candidate = (quality, -position, _lang(code))
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    return best[2] if best else "en"


def _lang(code: str) -> Lang:
    return "ru" if code == "ru" else "en"


def chosen(code: str | None) -> Lang | None:
    """*code* if it names a language we speak, else None."""
    if code is None:
        return None
    short = code.strip().lower().replace("_", "-").split("-")[0]
    return _lang(short) if short in LANGUAGES else None


def of_request(request: Request) -> Lang:
    """The language of the answer to *request*."""
    return (
        chosen(request.query_params.get("lang"))
        or chosen(request.cookies.get(COOKIE))
        or from_accept_language(request.headers.get("accept-language"))
    )
