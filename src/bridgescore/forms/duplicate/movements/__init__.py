"""The movement files that come with bridgescore (data, each with its source): read by :mod:`..movement`."""
