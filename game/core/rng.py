"""The game's seeded pseudo-random number generator: PCG32 (XSH RR), our own code.

Why our own: Python's ``random`` does not promise the same ``shuffle``/``choice``
sequence across versions, and a saved game must replay identically everywhere.

Algorithm (M. E. O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically
Good Algorithms for Random Number Generation", 2014), the 64-bit-state, 32-bit-output
member "pcg32" with the XSH RR output function:

    old   = state
    state = (old * 6364136223846793005 + inc) mod 2**64
    x     = ((old >> 18) ^ old) >> 27   (low 32 bits)
    rot   = old >> 59
    out   = rotate_right_32(x, rot)

Seeding follows the reference ``pcg32_srandom_r(initstate, initseq)``: state = 0,
inc = 2*initseq + 1, step, state += initstate, step. The whole state is two plain
integers, so it lives in the game state and is saved with it.

Bounded integers use rejection sampling (no modulo bias), shuffles are Fisher-Yates
from the last index down. Both are fixed here and tested against known sequences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
MULTIPLIER = 6364136223846793005
DEFAULT_SEQUENCE = 54

T = TypeVar("T")


@dataclass
class Rng:
    """PCG32 generator state: ``state`` and the odd increment ``inc``, both plain ints."""

    state: int = 0
    inc: int = 1

    @classmethod
    def seeded(cls, seed: int, sequence: int = DEFAULT_SEQUENCE) -> "Rng":
        """A generator seeded as the reference ``pcg32_srandom_r(seed, sequence)``."""
        rng = cls(0, ((sequence << 1) | 1) & MASK64)
        rng.next_u32()
        rng.state = (rng.state + (seed & MASK64)) & MASK64
        rng.next_u32()
        return rng

    def next_u32(self) -> int:
        """The next 32-bit output (every output is below 2**32, so none is rejected)."""
        return self.below(1 << 32)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n <= 2**32``, without modulo bias.

        The generator's step is written out here, not called: this is the one draw every
        other (shuffles, dice, choices) goes through, at many a choice of every game."""
        if not 1 <= n <= (1 << 32):
            raise ValueError(f"bound must be between 1 and 2**32, not {n}")
        threshold = ((1 << 32) - n) % n
        state, inc = self.state, self.inc
        while True:
            old = state
            state = (old * MULTIPLIER + inc) & MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
            # Rotated right by the top 5 bits: the low 32 bits of the word doubled and shifted
            # (the same bits as (x >> rot) | (x << (-rot & 31)), in fewer operations on Python ints).
            r = ((xorshifted | xorshifted << 32) >> (old >> 59)) & MASK32
            if r >= threshold:
                self.state = state
                return r % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` inclusive."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One element chosen uniformly; ``items`` must not be empty."""
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, from the last index down): for each index
        ``i``, ``j = below(i + 1)``. The generator's step and ``below``'s rejection are written
        out in the loop (the same draws, in the same order): a determinization shuffles every
        unseen card, and a call per draw was most of its cost."""
        state, inc = self.state, self.inc
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = ((1 << 32) - n) % n
            while True:
                old = state
                state = (old * MULTIPLIER + inc) & MASK64
                xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
                r = ((xorshifted | xorshifted << 32) >> (old >> 59)) & MASK32  # rotated as in below()
                if r >= threshold:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability numerator/denominator (exact, integer arithmetic)."""
        return self.below(denominator) < numerator

    def fork(self, salt: int) -> "Rng":
        """A new, independent generator derived from this one's next output and ``salt``.

        Used to seed agents and sub-games without disturbing the game's own sequence
        more than one step.
        """
        return Rng.seeded(self.next_u32() ^ ((salt * 0x9E3779B1) & MASK32), salt & MASK64)
