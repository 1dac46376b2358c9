"""The one exception every bad input raises."""

from __future__ import annotations

__all__ = ["ValidationError"]


class ValidationError(ValueError):
    """Bad input: the message names the field, the rule and the value received.

    ``field`` is the parameter name the reader must fix, or ``None`` when the
    problem is not tied to one parameter (an unknown calculator, say).
    """

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __repr__(self) -> str:
        return f"ValidationError(field={self.field!r}, message={self.message!r})"
