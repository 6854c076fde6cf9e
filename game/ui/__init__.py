"""Everything pygame: the window, scenes, widgets and the rule systems' tables.

Nothing outside this package imports pygame. The UI talks to the game only through a
:class:`game.ui.controller.Controller`, which owns the Session.
"""

import os

# Before pygame is first imported: no banner on the console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
