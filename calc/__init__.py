"""calc: the engine behind the scale-out vs scale-up explainer.

Pure Python, standard library only, deterministic, no I/O. The same wheel runs
in CPython and in Pyodide. Calculators are declared in their model's module
and found by :mod:`calc.registry`.

This module is the kernel's public surface: everything a topic module needs to
declare a calculator (parameters, outputs, the outcome, sources, exporters and
the one error type) and to run one. Topic modules import from here or from the
kernel module named in each name's docstring; nothing outside the kernel
imports a private name.
"""

from calc.errors import ValidationError, shorten
from calc.exporters import Export, exporter, exporters
from calc.outputs import Chart, Column, Outcome, Output, Scalar, Table, Trace
from calc.params import Bool, Bounded, Choice, Float, Int, Param, Size, Text, Value
from calc.registry import Calculator, Result, all_calculators, calculator, get, names, run
from calc.sources import Source, all_sources, cite

__all__ = [
    "__version__",
    # declaring a calculator
    "calculator", "Param", "Bounded", "Int", "Float", "Size", "Choice", "Bool", "Text", "Value",
    "Scalar", "Chart", "Table", "Column", "Output", "Trace", "Outcome",
    "Source", "cite", "exporter",
    # errors
    "ValidationError", "shorten",
    # running and listing
    "Calculator", "Result", "get", "run", "names", "all_calculators", "all_sources", "Export", "exporters",
]

__version__ = "0.1.0"
