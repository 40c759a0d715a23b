"""Dealing: a seed gives the same deals everywhere, and every deal is equally likely.

The stream of a seed is pinned by a pure-Python SeedSequence and PCG64 written here from their
definitions (O'Neill's PCG paper; numpy's documented seed-sequence hash), not by the code under
test. Fairness is checked by chi-squared tests of North's hand pattern and high-card points on
a large seeded sample against the exact frequencies, computed here from binomial coefficients.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import cycle, product
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from bridgescore.core.deal import Deal
from bridgescore.core.dealing import PACK, deal_of, deals, seeded, shuffles, system
from bridgescore.core.errors import RuleError

Hands = npt.NDArray[np.integer[Any]]

# ----------------------------------------------------------------------------- the reference stream

MASK32, MASK64, MASK128 = 2**32 - 1, 2**64 - 1, 2**128 - 1


def seed_sequence_words(seed: int, count: int) -> list[int]:
    """numpy's SeedSequence(seed).generate_state(count, uint64), from its published algorithm."""
    init_a, mult_a, init_b, mult_b = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
    mix_l, mix_r = 0xCA01F9DD, 0x4973F715
    entropy = []
    while True:
        entropy.append(seed & MASK32)
        seed >>= 32
        if not seed:
            break
    hash_const = init_a

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = hash_const * mult_a & MASK32
        value = value * hash_const & MASK32
        return value ^ value >> 16

    def mix(x: int, y: int) -> int:
        result = (mix_l * x - mix_r * y) & MASK32
        return result ^ result >> 16

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(4)]
    for source in range(4):
        for target in range(4):
            if source != target:
                pool[target] = mix(pool[target], hashmix(pool[source]))
    for extra in entropy[4:]:
        for target in range(4):
            pool[target] = mix(pool[target], hashmix(extra))
    state, words = init_b, []
    for word, _ in zip(cycle(pool), range(2 * count), strict=False):
        mixed = word ^ state
        state = state * mult_b & MASK32
        mixed = mixed * state & MASK32
        words.append(mixed ^ mixed >> 16)
    return [words[2 * i] | words[2 * i + 1] << 32 for i in range(count)]


def pcg64(seed: int) -> Iterator[int]:
    """PCG64 (128-bit LCG, XSL-RR output), seeded as numpy seeds it from a seed sequence."""
    multiplier = 0x2360ED051FC65DA44385DF649FCCF645
    high, low, inc_high, inc_low = seed_sequence_words(seed, 4)
    increment = ((inc_high << 64 | inc_low) << 1 | 1) & MASK128
    state = 0
    state = (state * multiplier + increment) & MASK128
    state = (state + (high << 64 | low)) & MASK128
    state = (state * multiplier + increment) & MASK128
    while True:
        state = (state * multiplier + increment) & MASK128
        value, rotation = ((state >> 64) ^ state) & MASK64, state >> 122
        yield (value >> rotation | value << (64 - rotation)) & MASK64


def reference_deals(seed: int, count: int) -> list[Deal]:
    """The documented algorithm, slowly: 52 words a pack, key = word >> 6, ties thrown away."""
    words = pcg64(seed)
    found: list[Deal] = []
    while len(found) < count:
        keys = [next(words) >> 6 for _ in range(52)]
        if len(set(keys)) < 52:
            continue
        found.append(deal_of(sorted(range(52), key=keys.__getitem__)))
    return found


def test_the_reference_pcg64_is_numpys_raw_stream() -> None:
    # The reference is checked against numpy once, so that a wrong reference cannot pass silently.
    reference = pcg64(1)
    assert [next(reference) for _ in range(5)] == np.random.PCG64(1).random_raw(5).tolist()


def test_seed_1_deals_the_same_first_boards_on_every_machine() -> None:
    assert deals(5, seed=1) == reference_deals(1, 5)
    # …and pinned as text, so that a change of the stream shows as a diff in review.
    assert str(deals(1, seed=1)[0]) == "N:Q5.J986.KQ94.AT5 AT972.KQT5.T2.87 643.72.A863.KJ63 KJ8.A43.J75.Q942"


def test_a_large_seed_uses_all_its_bits() -> None:
    big = 2**100 + 12345
    assert deals(2, seed=big) == reference_deals(big, 2)
    assert deals(2, seed=big) != deals(2, seed=12345)


def test_packs_are_dealt_in_stream_order_whatever_the_count() -> None:
    assert deals(3, seed=9) == deals(7, seed=9)[:3]


def test_large_counts_are_shuffled_in_chunks_without_changing_the_stream() -> None:
    from bridgescore.core import dealing

    whole = shuffles(300, seeded(4))
    original = dealing.CHUNK
    dealing.CHUNK = 7
    try:
        assert (shuffles(300, seeded(4)) == whole).all()
    finally:
        dealing.CHUNK = original


class TiedWords:
    """A source whose first pack has two equal keys: that pack must be skipped."""

    def __init__(self) -> None:
        self.stream = pcg64(3)
        self.first = True

    def words(self, count: int) -> npt.NDArray[np.uint64]:
        values = [next(self.stream) for _ in range(count)]
        if self.first:
            values[1] = values[0]
            self.first = False
        return np.array(values, dtype=np.uint64)


def test_a_pack_with_tied_keys_is_thrown_away_and_the_next_words_used() -> None:
    [pack] = shuffles(1, TiedWords())
    assert deal_of(pack) == reference_deals(3, 2)[1]  # pcg64(3)'s second pack: the first was tied


class CloseWords:
    """Cards 51 and 0 with keys next to each other (A and A + 1): close words, but no tie."""

    def __init__(self) -> None:
        self.stream = pcg64(4)

    def words(self, count: int) -> npt.NDArray[np.uint64]:
        values = [next(self.stream) for _ in range(count)]
        values[51] = (values[0] >> 6) << 6 | 63  # card 51: key A, low bits to be replaced
        values[0] = ((values[0] >> 6) + 1) << 6  # card 0: key A + 1 (its full words 13 apart once sorted)
        return np.array(values, dtype=np.uint64)


def test_keys_next_to_each_other_are_not_a_tie() -> None:
    [pack] = shuffles(1, CloseWords())
    order = pack.tolist()
    assert order.index(51) + 1 == order.index(0)  # kept, the ♣2 just before the ♠A


def test_each_pack_holds_every_card_once() -> None:
    packs = shuffles(1000, seeded(2))
    assert (np.sort(packs, axis=1) == np.arange(52)).all()


def test_without_a_seed_the_deals_come_from_the_system_source() -> None:
    assert not (shuffles(4, system()) == shuffles(4, system())).all()


def test_pack_numbers_follow_pbn_order() -> None:
    assert (str(PACK[0]), str(PACK[12]), str(PACK[13]), str(PACK[51])) == ("♠A", "♠2", "♥A", "♣2")


@pytest.mark.parametrize("seed", [-1, 2**128, 1.5, True])
def test_a_bad_seed_is_refused(seed: object) -> None:
    with pytest.raises(RuleError, match="seed"):
        seeded(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [0, -3, 10**7])
def test_a_bad_count_is_refused(count: int) -> None:
    with pytest.raises(RuleError, match="number of deals"):
        shuffles(count, seeded(1))


def test_a_pack_that_is_not_52_cards_is_refused() -> None:
    with pytest.raises(RuleError, match="0 to 51"):
        deal_of([0] * 52)


# ----------------------------------------------------------------------------- fairness

SAMPLE = 400_000
"""North's hands of this many deals of seed 2026: one hand a deal, so the counts are multinomial."""

P_BOUND = 1e-4
"""A fair dealer fails a test with this probability for a seed taken at random; the seed is fixed."""


def chi_squared_survival(statistic: float, freedom: int) -> float:
    """P(χ² ≥ statistic) for *freedom* degrees of freedom: the regularised upper gamma Q(k/2, x/2)."""
    a, x = freedom / 2, statistic / 2
    if x == 0:
        return 1.0
    if x < a + 1:  # the series for the lower function, then its complement
        term = total = 1 / a
        n = 0
        while abs(term) > 1e-17 * abs(total):
            n += 1
            term *= x / (a + n)
            total += term
        return 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    # Lentz's continued fraction for the upper function
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def test_the_chi_squared_survival_matches_known_critical_values() -> None:
    # Textbook critical values: χ²(0.05) with 1, 10 and 38 degrees of freedom, χ²(0.001) with 20.
    assert chi_squared_survival(3.841, 1) == pytest.approx(0.05, abs=2e-4)
    assert chi_squared_survival(18.307, 10) == pytest.approx(0.05, abs=2e-4)
    assert chi_squared_survival(53.384, 38) == pytest.approx(0.05, abs=2e-4)
    assert chi_squared_survival(45.315, 20) == pytest.approx(0.001, abs=2e-5)


HANDS = math.comb(52, 13)


def exact_patterns() -> dict[tuple[int, ...], float]:
    """The 39 hand patterns (suit lengths, longest first) and their probabilities."""
    counts: Counter[tuple[int, ...]] = Counter()
    for lengths in product(range(14), repeat=3):
        clubs = 13 - sum(lengths)
        if clubs >= 0:
            shape = (*lengths, clubs)
            counts[tuple(sorted(shape, reverse=True))] += math.prod(math.comb(13, n) for n in shape)
    assert sum(counts.values()) == HANDS and len(counts) == 39
    return {pattern: count / HANDS for pattern, count in counts.items()}


def exact_hcp() -> dict[int, float]:
    """High-card points of a 13-card hand: choose k of the 16 honours (by points) and 13 − k spots."""
    honours = [4, 3, 2, 1] * 4
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (honours taken, points) → ways
    for points in honours:
        grown = dict(ways)
        for (taken, total), count in ways.items():
            grown[taken + 1, total + points] = grown.get((taken + 1, total + points), 0) + count
        ways = grown
    counts: Counter[int] = Counter()
    for (taken, total), count in ways.items():
        if taken <= 13:
            counts[total] += count * math.comb(36, 13 - taken)
    assert sum(counts.values()) == HANDS
    return {points: count / HANDS for points, count in counts.items()}


def chi_squared(observed: Mapping[Any, int], expected: Mapping[Any, float], sample: int) -> tuple[float, int]:
    """The statistic and its degrees of freedom, the rarest cells pooled until each expects ≥ 10."""
    cells = sorted(expected, key=lambda cell: expected[cell])
    pooled_p = pooled_o = 0.0
    statistic, bins = 0.0, 0
    for cell in cells:
        pooled_p += expected[cell]
        pooled_o += observed.get(cell, 0)
        if pooled_p * sample >= 10:
            statistic += (pooled_o - pooled_p * sample) ** 2 / (pooled_p * sample)
            bins += 1
            pooled_p = pooled_o = 0.0
    if pooled_p:  # what is left joins the last bin's test as one more (small) cell
        statistic += (pooled_o - pooled_p * sample) ** 2 / (pooled_p * sample)
        bins += 1
    return statistic, bins - 1


@pytest.fixture(scope="module")
def north() -> Hands:
    return shuffles(SAMPLE, seeded(2026))[:, :13]


def patterns_of(hands: Hands) -> Counter[Any]:
    """How many hands have each pattern (suit lengths, longest first)."""
    lengths = np.stack([(hands // 13 == suit).sum(axis=1) for suit in range(4)], axis=1)
    rows, counts = np.unique(-np.sort(-lengths, axis=1), axis=0, return_counts=True)
    return Counter({tuple(int(n) for n in row): int(count) for row, count in zip(rows, counts, strict=True)})


def hcp_of(hands: Hands) -> Counter[Any]:
    points = np.array([PACK[card].hcp for card in range(52)])[hands].sum(axis=1)
    values, counts = np.unique(points, return_counts=True)
    return Counter({int(value): int(count) for value, count in zip(values, counts, strict=True)})


def test_hand_patterns_follow_the_exact_frequencies(north: Hands) -> None:
    statistic, freedom = chi_squared(patterns_of(north), exact_patterns(), SAMPLE)
    assert freedom >= 25
    assert chi_squared_survival(statistic, freedom) > P_BOUND


def test_high_card_points_follow_the_exact_frequencies(north: Hands) -> None:
    statistic, freedom = chi_squared(hcp_of(north), exact_hcp(), SAMPLE)
    assert freedom >= 28
    assert chi_squared_survival(statistic, freedom) > P_BOUND


def test_every_seat_is_as_likely_to_hold_the_ace_of_spades() -> None:
    packs = shuffles(40_000, seeded(5))
    seats = Counter(int(seat) for seat in np.argmax(packs == 0, axis=1) // 13)
    statistic, freedom = chi_squared(seats, dict.fromkeys(range(4), 0.25), 40_000)
    assert chi_squared_survival(statistic, freedom) > P_BOUND


def test_every_card_goes_to_every_seat_alike() -> None:
    # Card c is looked at on deals c, c + 52, c + 104 …, so every observation is of its own deal:
    # 52 independent multinomials of four seats, one chi-squared with 52 × 3 degrees of freedom.
    per_card = 2000
    packs = shuffles(52 * per_card, seeded(6)).reshape(per_card, 52, 52)
    statistic = 0.0
    for card in range(52):
        seats = np.argmax(packs[:, card, :] == card, axis=1) // 13
        counts = np.bincount(seats, minlength=4)
        statistic += float(((counts - per_card / 4) ** 2 / (per_card / 4)).sum())
    assert chi_squared_survival(statistic, 52 * 3) > P_BOUND


def test_the_fairness_tests_catch_a_biased_shuffle() -> None:
    # Sorting by keys of two bits, ties kept in pack order: cards of a suit stay together.
    generator = np.random.Generator(np.random.PCG64(1))
    biased = np.argsort(generator.integers(0, 4, (SAMPLE // 10, 52)), axis=1, kind="stable")[:, :13]
    statistic, freedom = chi_squared(patterns_of(biased), exact_patterns(), SAMPLE // 10)
    assert chi_squared_survival(statistic, freedom) < 1e-12
