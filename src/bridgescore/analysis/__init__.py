"""Double-dummy analysis with DDS (through ``endplay``): tables, par, and calibrated compensation tables.

This layer sits beside the formats: it reads the core (deals, contracts, scores) and the forms
(compensation tables) and nothing above. ``endplay`` is imported only when something is solved.
"""
