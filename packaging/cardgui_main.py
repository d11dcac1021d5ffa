"""The bundled program's entry point: the same as the ``cardgui`` command."""

import multiprocessing
import sys

from cardgui.cli import main

if __name__ == "__main__":       # not again in the help's worker processes
    multiprocessing.freeze_support()      # a worker process starts as this program
    sys.exit(main())
