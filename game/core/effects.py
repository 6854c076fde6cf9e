"""Effect records: a verb and its parameters, as content files write card abilities.

Every rule system writes its abilities in a small vocabulary of verbs (STYLE 9); the
record is the same everywhere, so it lives in the kernel. What a verb means is the rule
system's business (its vocabulary and rules modules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Effect:
    """One effect: ``verb`` and its parameters as sorted (key, value) pairs (lists as tuples)."""

    verb: str
    params: tuple[tuple[str, Any], ...]
    # The parameters by key, made once: rules read them while they work out totals and
    # permissions at nearly every choice.
    by_key: Mapping[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", dict(self.params))

    def get(self, key: str, default: Any = None) -> Any:
        return self.by_key.get(key, default)

    def has(self, key: str) -> bool:
        return key in self.by_key
