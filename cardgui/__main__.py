"""``python -m cardgui``: the same as the ``cardgui`` command."""

import sys

from .cli import main

if __name__ == "__main__":       # not again in the help's worker processes
    sys.exit(main())
