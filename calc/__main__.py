"""``python -m calc``: the command line (see :mod:`calc.cli`)."""

import os
import sys

from calc.cli import main

try:
    status = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader of our output went away (``python -m calc list | head``): not an error of ours.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 0
sys.exit(status)
