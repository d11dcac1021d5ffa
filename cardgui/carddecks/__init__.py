"""Card decks a player has installed for other card games, found and read
without Qt: KDE's card decks (what KPatience offers) and AisleRiot's SVG
themes.  Nothing of their pictures is copied: they are read at run time
from the system's data folders, and only ever through the limits in
:mod:`cardgui.carddecks.reading`."""
