"""The bundled program's entry point: the same as the ``cardgui`` command."""

import sys

if __name__ == "__main__":       # not again in the help's worker processes
    if "--multiprocessing-fork" in sys.argv or "-c" in sys.argv[1:]:
        # This program started again as one of the help's worker processes, or
        # as multiprocessing's resource tracker (PyInstaller's freeze_support
        # runs both); only then is multiprocessing worth importing at the start.
        # The tracker's "-c" comes after the interpreter's flags (-B, -s, ...),
        # not first; cardgui's own command line has no "-c".
        import multiprocessing

        multiprocessing.freeze_support()
    from cardgui.cli import main

    sys.exit(main())
