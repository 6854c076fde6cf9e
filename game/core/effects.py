"""Effect records: a verb and its parameters, as content files write card abilities.

Every rule system writes its abilities in a small vocabulary of verbs (STYLE 9); the
record is the same everywhere, so it lives in the kernel. What a verb means is the rule
system's business (its vocabulary and rules modules).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Effect:
    """One effect: ``verb`` and its parameters as sorted (key, value) pairs (lists as tuples)."""

    verb: str
    params: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def has(self, key: str) -> bool:
        return any(k == key for k, _ in self.params)
