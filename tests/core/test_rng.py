"""The seeded PRNG: PCG32 known answers, bounded integers, shuffles, state as plain ints."""

from collections import Counter

import pytest

from game.core.rng import Rng


def test_pcg32_matches_the_reference_sequence():
    # pcg32-demo (seed 42, sequence 54), first six 32-bit outputs.
    rng = Rng.seeded(42, 54)
    assert [rng.next_u32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_same_seed_same_sequence_and_state_is_plain_ints():
    a, b = Rng.seeded(7), Rng.seeded(7)
    assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]
    assert isinstance(a.state, int) and isinstance(a.inc, int)
    restored = Rng(a.state, a.inc)
    assert [restored.next_u32() for _ in range(5)] == [a.next_u32() for _ in range(5)]


def test_shuffle_is_fixed_for_a_seed():
    # Fisher-Yates from the last index down, with rejection-sampled bounds: fixed forever.
    items = list(range(10))
    Rng.seeded(1).shuffle(items)
    assert items == _expected_shuffle()
    assert sorted(items) == list(range(10))


def _expected_shuffle():
    rng = Rng.seeded(1)
    items = list(range(10))
    for i in range(9, 0, -1):
        threshold = ((1 << 32) - (i + 1)) % (i + 1)
        while True:
            r = rng.next_u32()
            if r >= threshold:
                j = r % (i + 1)
                break
        items[i], items[j] = items[j], items[i]
    return items


def test_below_is_in_range_and_roughly_uniform():
    rng = Rng.seeded(3)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < n < 1150 for n in counts.values())


def test_below_rejects_bad_bounds_and_choice_rejects_empty():
    rng = Rng.seeded(1)
    with pytest.raises(ValueError):
        rng.below(0)
    with pytest.raises(ValueError):
        rng.choice([])
    assert rng.between(5, 5) == 5


def test_fork_is_independent_and_deterministic():
    a, b = Rng.seeded(9), Rng.seeded(9)
    fa, fb = a.fork(1), b.fork(1)
    assert fa.next_u32() == fb.next_u32()
    assert a.fork(2).next_u32() != Rng.seeded(9).fork(1).next_u32()


def test_shuffle_draws_below_of_each_index_from_the_last_down():
    """The shuffle writes the generator's step out in its loop: it must make exactly the draws
    of the plain Fisher-Yates with ``below`` (saves replay from them), and leave the generator
    where those draws leave it."""
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 52, 170):
            fast, plain = Rng.seeded(seed, seed % 5), Rng.seeded(seed, seed % 5)
            shuffled, expected = list(range(size)), list(range(size))
            fast.shuffle(shuffled)
            for i in range(size - 1, 0, -1):
                j = plain.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert shuffled == expected
            assert (fast.state, fast.inc) == (plain.state, plain.inc)
