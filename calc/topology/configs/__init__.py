"""Device configurations rendered from a topology file: FRR, SONiC and the hosts' RoCE settings.

:mod:`.settings` reads the optional ``config`` section, :mod:`.plan` assigns ASNs,
addresses and ports, :mod:`.checks` runs the consistency rules, :mod:`.frr`,
:mod:`.sonic` and :mod:`.host` render the files, :mod:`.diff` compares two files'
renderings and :mod:`.calculator` declares the ``configs`` calculator and exporter.
"""
