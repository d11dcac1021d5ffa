"""The bundled program's entry point: the same as the ``cardgui`` command."""

import sys

from cardgui.cli import main

sys.exit(main())
