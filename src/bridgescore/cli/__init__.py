"""The ``bridgescore`` command line: one module per command group, registered in :mod:`.main`."""
