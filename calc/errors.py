"""The one exception every bad input raises."""

from __future__ import annotations

__all__ = ["ValidationError", "shorten", "MAX_SHOWN"]

MAX_SHOWN = 60
"""Characters of a received value a message quotes before it is cut."""


class ValidationError(ValueError):
    """Bad input: the message names the field, the rule and the value received.

    ``field`` is the parameter name the reader must fix, or ``None`` when the
    problem is not tied to one parameter (an unknown calculator, say). Parameter errors
    also carry ``label``, ``rule`` (a template over ``args``) and ``got``.

    The message names parameters as the command line does (``gpus_per_leaf must be at most
    gpus (16): got 32``); ``mentions`` lists the parameters it names besides ``field``, so a
    page can show each by its label (calc.i18n.for_readers).
    """

    def __init__(self, field: str | None, message: str, *, label: str | None = None,
                 rule: str | None = None, args: dict[str, str] | None = None, got: str = "",
                 mentions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.mentions = mentions
        # The parts, so the message can be rendered in another language (calc.i18n.message):
        # the field's label, the rule as a template over ``args``, and the value as quoted.
        self.label = label
        self.rule = rule
        self.rule_args = args or {}
        self.got = got

    def __repr__(self) -> str:
        return f"ValidationError(field={self.field!r}, message={self.message!r})"


def shorten(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters for a message, saying how long it really was.

    Lone surrogates (from a JSON ``"\\ud800"``) are shown escaped, so a message is always
    encodable as UTF-8.
    """
    text = text.encode("utf-8", "backslashreplace").decode("utf-8") if _has_surrogate(text) else text
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
