"""Card faces and backs, icons and the desktop entry, installed as ``cardgui.resources``."""
