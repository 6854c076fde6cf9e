"""Player settings, kept as JSON in the user config folder (platformdirs).

A damaged settings file (bad JSON, deep nesting, a list where a word belongs, a huge
file) never stops the game: the defaults are used for whatever is damaged, the file is
kept beside the new one as ``settings.damaged.json``, and ``Settings.notice`` says so
once (the title screen shows it).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.saves import APP_NAME, clean_temporary, write_atomic

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
RESULT_SECONDS = (0, 2, 3, 5)
"""The choices for how long a result waits (0: until a click)."""
WINDOW_SIZES = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080))
MAX_BYTES = 64 * 1024
SEAT_WORDS = ("human", "normal", "easy", "random", "hard")
THINKING_SECONDS = (0.5, 1.0, 2.0, 4.0)
"""The choices for how long a hard computer player thinks over a decision."""
BACKUP = "settings.damaged.json"


def config_dir() -> Path:
    override = os.environ.get("FIVE_REALMS_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


@dataclass
class Settings:
    window_size: list[int] = field(default_factory=lambda: [1280, 720])
    fullscreen: bool = False
    animation_speed: str = "normal"
    last_seats: list[str] = field(default_factory=lambda: ["human", "normal"])
    result_seconds: int = 2
    """How long a battle or combat result waits on screen at Normal speed (0: until a click or
    Space; a click or Space always goes on at once)."""
    thinking_seconds: float = 1.0
    """How long a hard computer player searches before each decision of its own."""
    confirm_risky: bool = True
    """Ask once more before a once-per-game feat, a blow that hurts your own side or another
    choice that cannot be taken back."""
    notice: str = field(default="", compare=False, repr=False)
    """Said once after loading: the file was damaged and the defaults are used."""

    @property
    def speed_factor(self) -> float:
        """Multiplier on animation durations (0 = no animation)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings; a missing or damaged file gives the defaults (never a crash).

        A damaged file is moved aside to ``settings.damaged.json`` and ``notice`` says so."""
        folder = config_dir()
        path = folder / "settings.json"
        clean_temporary(folder)
        settings = cls()
        try:
            if not path.exists():
                return settings
            with open(path, "rb") as fh:
                raw = fh.read(MAX_BYTES + 1)
        except OSError:
            return settings  # unreadable: play on with the defaults, keep the file as it is
        damaged = len(raw) > MAX_BYTES
        data: object = None
        if not damaged:
            try:
                data = json.loads(raw.decode("utf-8"))
            except (ValueError, RecursionError):
                damaged = True
        if not damaged:
            damaged = not settings._apply(data)
        if damaged:
            settings.notice = cls._keep_damaged(path)
        return settings

    def _apply(self, data: object) -> bool:
        """Take every well-formed field of ``data``; False if anything in it was damaged."""
        if not isinstance(data, dict):
            return False
        # "auto_pass" in an older file is passed over: the game itself now answers every
        # response window a player could only pass (game.session, fair questions).
        checks: dict[str, Callable[[Any], bool]] = {
            "window_size": lambda v: (isinstance(v, list) and len(v) == 2
                                      and all(isinstance(n, int) and not isinstance(n, bool) for n in v)
                                      and 640 <= v[0] <= 7680 and 480 <= v[1] <= 4320),
            "fullscreen": lambda v: isinstance(v, bool),
            "animation_speed": lambda v: isinstance(v, str) and v in ANIMATION_SPEEDS,
            "result_seconds": lambda v: isinstance(v, int) and not isinstance(v, bool) and v in RESULT_SECONDS,
            "confirm_risky": lambda v: isinstance(v, bool),
            "thinking_seconds": lambda v: (isinstance(v, (int, float)) and not isinstance(v, bool)
                                           and float(v) in THINKING_SECONDS),
            "last_seats": lambda v: (isinstance(v, list) and 1 <= len(v) <= 8
                                     and all(isinstance(w, str) and w in SEAT_WORDS for w in v)),
        }
        good = True
        for key, fits in checks.items():
            if key not in data:
                continue
            if fits(data[key]):
                value = data[key]
                setattr(self, key, list(value) if isinstance(value, list) else value)
            else:
                good = False
        return good

    @staticmethod
    def _keep_damaged(path: Path) -> str:
        backup = path.with_name(BACKUP)
        try:
            os.replace(path, backup)
        except OSError:
            return "The settings file is damaged, so the default settings are used this time."
        return (f"The settings file was damaged, so the default settings are used; the old file is kept "
                f"as {BACKUP}.")

    def save(self) -> None:
        try:
            data = asdict(self)
            data.pop("notice", None)
            write_atomic(config_dir() / "settings.json", json.dumps(data, indent=2))
        except OSError:
            pass  # settings are a convenience; failing to keep them must not stop play
