"""``python -m cardgui``: the same as the ``cardgui`` command."""

import sys

from .cli import main

sys.exit(main())
