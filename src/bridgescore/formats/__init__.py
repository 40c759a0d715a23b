"""File formats: the plain-text deal log, PBN and USEBIO — each with ``load/loads/dump/dumps``."""
