"""A JSON-in, JSON-out face of the registry, for any host that speaks strings (the web worker).

Every reply is ``{"result": ...}`` or ``{"error": {"field": ..., "message": ...}}``.
"""

from __future__ import annotations

import json
from typing import Any

from calc.errors import ValidationError
from calc.registry import all_calculators, get

__all__ = ["run_json", "spec_json", "catalog_json"]


def run_json(name: str, params_json: str) -> str:
    """Run calculator ``name`` on the JSON object ``params_json``."""
    try:
        raw = json.loads(params_json)
        if not isinstance(raw, dict):
            raise ValidationError(None, f"parameters must be a JSON object: got {params_json[:80]}")
        reply: dict[str, Any] = {"result": get(name).run(raw).to_json()}
    except ValidationError as exc:
        reply = {"error": {"field": exc.field, "message": exc.message}}
    return json.dumps(reply, allow_nan=False)


def spec_json(name: str) -> str:
    return json.dumps(get(name).spec())


def catalog_json() -> str:
    return json.dumps([c.spec() for c in all_calculators()])
