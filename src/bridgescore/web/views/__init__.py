"""One module per form of scoring, each exposing ``PAD``, its :class:`~bridgescore.web.pads.Scorepad`."""
