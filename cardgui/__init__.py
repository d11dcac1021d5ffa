"""cardgui: a desktop solitaire suite on one shared rules engine."""

__version__ = "0.1.0"
