"""The rendered files' own words: comments and descriptions, in English or Chinese.

Names, addresses, numbers, commands and every other technical identifier stay as they are;
only these texts are translated, from the topology catalogue (``calc/topology/zh.py``, via
calc.i18n). A configuration comment or description is one line: a translation can never
break out of it into a command (FRR reads ``!`` lines as comments, the shell ``#`` lines).
"""

from __future__ import annotations

from collections.abc import Callable

from calc import i18n

__all__ = ["TEXTS", "FRR_HEADER", "SERVERS", "HOST_HEADER", "HOST_SETTINGS", "HOST_NICS", "NIC_LINK", "words"]

FRR_HEADER = "{device}: {tier} of network {network}, rendered from topology {topology} (line {line})"
SERVERS = "servers"
HOST_HEADER = "{server}: RoCE settings matching the fabric of topology {topology}."
HOST_SETTINGS = ("Lossless priority {priority}, RoCE DSCP {dscp}, CNP DSCP {cnp_dscp} on priority {cnp_priority}, "
                 "MTU {mtu}.")
HOST_NICS = "NIC names are placeholders: map nicN to the port cabled to the leaf named."
NIC_LINK = "{nic}: {speed} Gb/s to {leaf} {port}"
TEXTS = (FRR_HEADER, SERVERS, HOST_HEADER, HOST_SETTINGS, HOST_NICS, NIC_LINK)
"""Every text the files word (the catalogue must have each: tests/calc/topology/configs)."""


def words(lang: str) -> Callable[..., str]:
    """``say(TEXT, **values)``: TEXT in ``lang`` with the values filled in, on one line."""
    translate = i18n.translator(lang, i18n.topic_of(__name__))

    def say(text: str, **values: object) -> str:
        return " ".join(translate(text).format(**values).split())

    return say
