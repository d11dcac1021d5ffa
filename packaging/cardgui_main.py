"""The bundled program's entry point: the same as the ``cardgui`` command."""

import sys

if __name__ == "__main__":       # not again in the help's worker processes
    if "--multiprocessing-fork" in sys.argv:
        # This program started again as one of the help's worker processes
        # (only then is multiprocessing worth importing at the start).
        import multiprocessing

        multiprocessing.freeze_support()
    from cardgui.cli import main

    sys.exit(main())
