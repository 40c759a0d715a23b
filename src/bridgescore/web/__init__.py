"""The scorepad web app (``bridgescore serve``): FastAPI + Jinja2 pages and a JSON API. No scoring logic here.

Pages and API replay each game's stored deal log through its form (see :mod:`.pads`) to draw
the sheet; the store (:mod:`bridgescore.store`) keeps the log.
"""
