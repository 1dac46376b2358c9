"""calc: the engine behind the scale-out vs scale-up explainer.

Pure Python, standard library only, deterministic, no I/O. The same wheel runs
in CPython and in Pyodide. Calculators are declared in their model's module
and found by :mod:`calc.registry`.
"""

from calc.errors import ValidationError
from calc.registry import all_calculators, get, run

__all__ = ["ValidationError", "all_calculators", "get", "run", "__version__"]

__version__ = "0.1.0"
