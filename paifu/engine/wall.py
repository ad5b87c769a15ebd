"""Tenhou's wall, regenerated from a game's SHUFFLE seed (formats.md 1.5).

Why: a record with a seed can be checked tile by tile (every haipai, draw, kan
draw and dora indicator must be the wall's), which catches edited or garbled logs.

Generator: one MT19937 (reference ``mt19937ar.c``) per game, keyed with
``init_by_array`` on the seed words. Per hand: 288 ``genrand_int32`` words ->
nine 128-byte blocks -> SHA-512 each -> 144 little-endian words ``rnd``; the wall
is ``0..135`` (3 players: ids 0..3 and 32..135) shuffled with
``swap(w[i], w[i + rnd[i] % (N - i)])``; the dice are ``rnd[135] % 6`` and
``rnd[136] % 6`` (0-based). Tiles are dealt from the end of the array; the dead
wall is its start.

Seed forms:

- ``mt19937ar-sha512-n288-base64,<3328 chars>``: 624 little-endian key words.
  Dead wall: replacement draws ``w[1], w[0], w[3], w[2]`` (3 players: then
  ``w[5], w[4], w[7], w[6]``), dora indicators ``w[2r+1], w[2r+3], ...`` and ura
  one below each, where ``r`` is the number of replacement pairs (2, or 4 for 3 players).
  Three-player: kita draws ``w[1], w[0], w[3], ...`` and the first dora indicator
  ``w[9]`` are verified; kan-dora positions (``w[11], w[13]``, then ``w[15], w[17]``,
  which belong to the dead wall only once kans have shortened the live wall) are not.
- ``mt19937ar-sha512-n288,<32 hex words>``: the key is the words as written; the
  dead wall's pairs are the other way round (draws ``w[0], w[1], ...``, dora
  ``w[4], w[6], ...``, ura ``w[5], w[7], ...``).
- ``INIT_SHUFFLE_PREFIX`` + the per-INIT ``shuffle="mt19937ar,<8 hex words>"``
  values of very old logs joined by ``;`` (as the XML reader stores them): each
  hand has its own generator keyed with its words, the shuffle takes the raw
  ``genrand_int32`` words (no SHA-512) and the dice are the next two words % 6 (words
  135 and 136 of a 136-tile wall, 107 and 108 of a 3-player 108-tile one);
  the dead wall is laid out like the hex form. (Found and checked on the corpus.)
- an empty or unknown seed raises :class:`WallSeedError`.

MT19937 itself is CPython's ``random.Random`` (the same reference generator,
keyed through ``seed(int)`` or, when that would drop words, our own
``init_by_array`` and ``setstate``), so the per-hand 288 words come from one
C-level ``getrandbits`` call.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from mypy_extensions import i64

from paifu.engine.hand_wall import HandWall

if TYPE_CHECKING:  # imported where a seed is read: a record without one needs none of them (start-up)
    import random

__all__ = [
    "INIT_SHUFFLE_PREFIX",
    "HandWall",
    "TenhouWall",
    "WallSeedError",
    "init_by_array",
    "seed_key",
    "seed_words",
    "supported",
]

BASE64_PREFIX = "mt19937ar-sha512-n288-base64"
#: how a reader marks per-hand INIT ``shuffle`` values (``paifu.formats.tenhou_xml`` uses the same)
INIT_SHUFFLE_PREFIX: Final = "tenhou-init-shuffle;"
HEX_PREFIX: Final = "mt19937ar-sha512-n288"
_MASK: Final = 0xFFFFFFFF
#: the ids a wall is shuffled from, as objects: the shuffle moves references, where ints would be
#: unboxed and boxed again on every swap, compiled (a third of a hand's wall)
_IDS: Final[tuple[object, ...]] = tuple(range(136))
_SANMA_IDS: Final[tuple[object, ...]] = tuple(range(0, 4)) + tuple(range(32, 136))


class WallSeedError(ValueError):
    """A seed we cannot turn into a wall (unknown form, or garbled)."""


#: the last seed read and its key: a game's seed is read twice (its wall, then the replay's note on
#: whether it could be read), and decoding 3,328 base64 characters was 1% of a replay
_LAST_SEED: Final[dict[str, tuple[int | tuple[int, ...], bool]]] = {}


def seed_words(seed: str) -> tuple[list[int], bool]:
    """The MT key words of a SHUFFLE seed, and whether it is the newer (base64) form."""
    decoded, new = _decoded(seed)
    if isinstance(decoded, bytes):
        return list(struct.unpack(f"<{len(decoded) // 4}I", decoded)), new
    return decoded, new


def seed_key(seed: str) -> tuple[int | tuple[int, ...], bool]:
    """A SHUFFLE seed's MT key as ``_keyed_rng`` takes it, and whether it is the newer (base64) form:
    the words as one int where ``Random.seed`` keeps every word (the last is not zero), straight from
    the decoded bytes (624 words unpacked to ints and packed again were most of a game's seed)."""
    known = _LAST_SEED.get(seed)
    if known is not None:
        return known
    decoded, new = _decoded(seed)
    key: int | tuple[int, ...]
    if isinstance(decoded, bytes):
        if decoded[-4:] != b"\x00\x00\x00\x00":
            key = int.from_bytes(decoded, "little")
        else:
            key = struct.unpack(f"<{len(decoded) // 4}I", decoded)
    else:
        key = tuple(decoded)
    _LAST_SEED.clear()
    _LAST_SEED[seed] = (key, new)
    return key, new


def _decoded(seed: str) -> tuple[bytes | list[int], bool]:
    """A seed's key: the base64 form's bytes (whole little-endian words), the hex form's words."""
    head, sep, body = seed.partition(",")
    if not sep or not body:
        raise WallSeedError(f"no wall can be generated from seed {seed[:40]!r}")
    if head == BASE64_PREFIX:
        import binascii

        try:
            if sys.version_info >= (3, 11):  # what ``b64decode(body, validate=True)`` runs, without its frame
                raw = binascii.a2b_base64(body, strict_mode=True)
            else:  # pragma: no cover - 3.10 has no strict mode
                import base64

                raw = base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError) as e:
            raise WallSeedError(f"seed is not valid base64: {e}") from None
        if len(raw) % 4 or not raw:
            raise WallSeedError(f"base64 seed decodes to {len(raw)} bytes, not whole 32-bit words")
        return raw, True
    if head == HEX_PREFIX:
        try:
            words = [int(w, 16) for w in body.split(",")]
        except ValueError:
            raise WallSeedError("hex seed has a word that is not hexadecimal") from None
        if any(w > _MASK or w < 0 for w in words):
            raise WallSeedError("hex seed has a word wider than 32 bits")
        return words, False
    raise WallSeedError(f"seed form {head!r} cannot be reproduced")


def _per_hand_keys(seed: str) -> list[list[int] | None]:
    """Key words of each hand in the per-INIT form (None where a hand has no shuffle)."""
    keys: list[list[int] | None] = []
    for part in seed[len(INIT_SHUFFLE_PREFIX) :].split(";"):
        if not part:
            keys.append(None)
            continue
        head, _, body = part.partition(",")
        if head != "mt19937ar" or not body:
            raise WallSeedError(f"per-hand shuffle {part[:40]!r} is not mt19937ar,<hex words>")
        try:
            words = [int(w, 16) for w in body.split(",")]
        except ValueError:
            raise WallSeedError(
                f"per-hand shuffle {part[:40]!r} has a word that is not hexadecimal"
            ) from None
        if any(not 0 <= w <= _MASK for w in words):
            raise WallSeedError("per-hand shuffle has a word wider than 32 bits")
        keys.append(words)
    return keys


def supported(seed: str | None) -> bool:
    """Whether :class:`TenhouWall` can generate walls from this seed."""
    if not seed:
        return False
    try:
        if seed.startswith(INIT_SHUFFLE_PREFIX):
            return any(_per_hand_keys(seed))
        seed_key(seed)
    except WallSeedError:
        return False
    return True


def init_by_array(key: list[int]) -> list[int]:
    """mt19937ar.c ``init_by_array``: the 624-word state for a key."""
    mt = [0] * 624
    mt[0] = 19650218
    for i in range(1, 624):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
    n = len(key)
    i, j = 1, 0
    for _ in range(max(624, n)):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= n:
            j = 0
    for _ in range(623):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000
    return mt


def _hand_wall(words: bytes, num_players: int, new_layout: bool, raw: bool = False) -> HandWall:
    """The wall shuffled by ``words`` (the hand's 32-bit words, little-endian, read where used: compiled,
    a tuple of 144 unpacked words was 144 int objects made and freed a hand). ``raw``: the per-INIT
    form, whose dice are the two words after the wall's swaps (words 107 and 108 for a 108-tile wall);
    the hashed forms take words 135 and 136 whatever the wall's size."""
    shuffled = list(_IDS if num_players == 4 else _SANMA_IDS)
    size: i64 = len(shuffled)
    dice_at: i64 = size - 1 if raw else 135
    i: i64 = 0
    while i < size - 1:
        j = i + _word(words, i) % (size - i)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
        i += 1
    w = cast("tuple[int, ...]", tuple(shuffled))
    pairs = 2 if num_players == 4 else 4  # replacement-draw pairs at the start of the array
    if new_layout:
        rinshan = tuple(w[2 * p + 1 - q] for p in range(pairs) for q in range(2))
        dora = tuple(w[2 * pairs + 1 + 2 * k] for k in range(5))
        ura = tuple(w[2 * pairs + 2 * k] for k in range(5))
    else:
        rinshan = tuple(w[: 2 * pairs])
        dora = tuple(w[2 * pairs + 2 * k] for k in range(5))
        ura = tuple(w[2 * pairs + 1 + 2 * k] for k in range(5))
    dealt = 13 * num_players
    draws = w[14 : size - dealt][::-1]  # from the last tile dealt towards the dead wall
    return HandWall(
        tiles=w,
        num_players=num_players,
        dice=(int(_word(words, dice_at) % 6 + 1), int(_word(words, dice_at + 1) % 6 + 1)),
        dora_indicators=dora,
        ura_indicators=ura,
        rinshan=rinshan,
        draws=draws,
    )


def _word(words: bytes, i: i64) -> i64:
    """The ``i``-th little-endian 32-bit word of ``words``."""
    at = 4 * i
    b0: i64 = words[at]  # each byte into a native integer: shifted and joined natively
    b1: i64 = words[at + 1]
    b2: i64 = words[at + 2]
    b3: i64 = words[at + 3]
    return b0 | b1 << 8 | b2 << 16 | b3 << 24


def _keyed_rng(key: int | Sequence[int]) -> random.Random:
    """An MT19937 keyed with ``init_by_array(key)`` (an int: its 32-bit words, least significant first).

    CPython's ``Random.seed(int)`` runs the same ``init_by_array`` in C on the
    int's 32-bit words (least significant first), but drops high zero words; so
    the C path is used only when the last key word is non-zero.
    """
    import random

    if isinstance(key, int):  # seeded as it is made: ``Random()`` first seeded itself from the OS
        return random.Random(key)
    if key and key[-1]:
        return random.Random(int.from_bytes(struct.pack(f"<{len(key)}I", *key), "little"))
    rng = random.Random(0)
    rng.setstate((3, tuple(init_by_array(list(key))) + (624,), None))
    return rng


class TenhouWall:
    """The walls of one game: call :meth:`next_hand` once per INIT, in order (aborted hands too)."""

    def __init__(self, seed: str, num_players: int = 4) -> None:
        if num_players not in (3, 4):
            raise ValueError(f"Tenhou tables have 3 or 4 players, not {num_players}")
        import hashlib
        import random

        self.num_players = num_players
        self._sha512: Callable[[bytes], Any] = hashlib.sha512
        self._hand = 0
        self._hand_keys: list[list[int] | None] | None = None
        if seed.startswith(INIT_SHUFFLE_PREFIX):
            self._hand_keys = _per_hand_keys(seed)
            if not any(self._hand_keys):
                raise WallSeedError("no hand of the record carries a shuffle")
            self.new_layout = False
            self._rng = random.Random()
        else:
            key, self.new_layout = seed_key(seed)
            self._rng = _keyed_rng(key)

    def next_rnd(self) -> bytes:
        """The next hand's words, little-endian: 144 hashed ones, or 137 raw ones in the per-INIT form."""
        self._hand += 1
        if self._hand_keys is not None:
            if self._hand > len(self._hand_keys) or self._hand_keys[self._hand - 1] is None:
                raise WallSeedError(f"the record has no shuffle for hand {self._hand}")
            rng = _keyed_rng(self._hand_keys[self._hand - 1])  # type: ignore[arg-type]
            return rng.getrandbits(137 * 32).to_bytes(137 * 4, "little")
        block = self._rng.getrandbits(288 * 32).to_bytes(288 * 4, "little")
        # a list, not a generator: compiled, the generator was an object resumed once per block
        return b"".join([self._sha512(block[k : k + 128]).digest() for k in range(0, 1152, 128)])

    def next_hand(self) -> HandWall:
        return _hand_wall(self.next_rnd(), self.num_players, self.new_layout, self._hand_keys is not None)
