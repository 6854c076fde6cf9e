"""Player settings, kept as JSON in the user config folder (platformdirs)."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.saves import APP_NAME, write_atomic

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
WINDOW_SIZES = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080))


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
    auto_pass: bool = True
    last_seats: list[str] = field(default_factory=lambda: ["human", "normal"])

    @property
    def speed_factor(self) -> float:
        """Multiplier on animation durations (0 = no animation)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings; a missing or damaged file gives the defaults (never a crash)."""
        path = config_dir() / "settings.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        settings = cls()
        if not isinstance(data, dict):
            return settings
        size = data.get("window_size")
        if (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) for v in size)
                and 640 <= size[0] <= 7680 and 480 <= size[1] <= 4320):
            settings.window_size = size
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        if data.get("animation_speed") in ANIMATION_SPEEDS:
            settings.animation_speed = data["animation_speed"]
        if isinstance(data.get("auto_pass"), bool):
            settings.auto_pass = data["auto_pass"]
        seats = data.get("last_seats")
        if isinstance(seats, list) and 2 <= len(seats) <= 4 and all(isinstance(s, str) for s in seats):
            settings.last_seats = seats
        return settings

    def save(self) -> None:
        try:
            write_atomic(config_dir() / "settings.json", json.dumps(asdict(self), indent=2))
        except OSError:
            pass  # settings are a convenience; failing to keep them must not stop play
