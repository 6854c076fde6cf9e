"""game.core, game.ai, game.session, game.saves and every rule system import with pygame
made unimportable (STYLE 1). Building each registered system loads its content, so the
content loaders are checked here too, once for every rule system."""

import subprocess
import sys
from pathlib import Path

CODE = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame.") or name.startswith("pygame_gui"):
            raise ImportError("pygame is blocked in this test")
        return None
sys.meta_path.insert(0, Block())
import game.core, game.core.game, game.core.dice, game.ai, game.session, game.saves, game.cli, game.terminal
from game.core import registry
for rid in registry.ids():
    system = registry.get(rid)
    __import__(type(system).__module__.rsplit(".", 1)[0] + ".ai")
from game.core.game import Game
g = Game.new(registry.get("fantasy-heroes"), 1, 2)
assert g.pending() is not None
assert not any(m == "pygame" or m.startswith("pygame.") for m in sys.modules)
print("ok")
"""


def test_rules_core_imports_without_pygame():
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, cwd=root, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
