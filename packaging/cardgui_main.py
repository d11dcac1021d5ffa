"""The bundled program's entry point: the same as the ``cardgui`` command."""

import sys

if __name__ == "__main__":       # not again in the help's worker processes
    if "--multiprocessing-fork" in sys.argv or sys.argv[1:2] == ["-c"]:
        # This program started again as one of the help's worker processes, or
        # as multiprocessing's resource tracker (PyInstaller's freeze_support
        # runs both); only then is multiprocessing worth importing at the start.
        import multiprocessing

        multiprocessing.freeze_support()
    from cardgui.cli import main

    sys.exit(main())
