"""The bundled program's entry point: the same as the ``cardgui`` command,
unless :mod:`multiprocessing` started this copy of the program as one of its
children (a help worker, the deck renderer, a batch run's worker, or the
resource tracker that cleans up after them), which it then becomes.

PyInstaller's own run-time hook for this is left out of the bundle
(packaging/cardgui.spec): it imported multiprocessing, subprocess and more at
every start, about 25 ms before the window's first frame, to serve only these
children."""

import re
import sys

# How multiprocessing starts its resource tracker: the interpreter's flags,
# then "-c" and this statement (multiprocessing.resource_tracker).
TRACKER = re.compile(r"from multiprocessing\.resource_tracker import main;\s*main\((\d+)\)")


def become_multiprocessing_child(argv: list[str]) -> bool:
    """Run as the child ``argv`` asks for and return True when it is done;
    False at once if ``argv`` is a command line of cardgui's own (which has
    neither ``--multiprocessing-fork`` nor ``-c``)."""
    if argv[1:2] == ["--multiprocessing-fork"]:
        # spawn's command line for a frozen program: name=value pairs follow.
        import multiprocessing.spawn

        settings = dict(arg.split("=", 1) for arg in argv[2:])
        multiprocessing.spawn.spawn_main(**{name: None if value == "None" else int(value)
                                            for name, value in settings.items()})
        return True
    if "-c" in argv[1:-1]:
        found = TRACKER.fullmatch(argv[argv.index("-c", 1) + 1])
        if found is not None:
            from multiprocessing.resource_tracker import main as track

            track(int(found.group(1)))
            return True
    return False


if __name__ == "__main__":       # not again in the children multiprocessing spawns
    if become_multiprocessing_child(sys.argv):
        sys.exit()
    from cardgui.cli import main

    sys.exit(main())
