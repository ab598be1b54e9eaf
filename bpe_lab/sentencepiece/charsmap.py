"""SentencePiece's compiled character map: a normaliser's rules, stored as a double-array trie.

A normaliser such as ``nmt_nfkc`` is a list of rules "this text becomes that text": NFKC's (about 225,000, most
of them a letter and a combining accent that become one character: "e" + U+0301 -> "é") and the NMT ones (a tab,
CR, U+200B or "▁" become a space, control characters vanish). SentencePiece's trainer compiles them into the
model's ``normalizer_spec.precompiled_charsmap``, and the encoder applies that map, never Unicode's tables:

    4 bytes       the size of the trie in bytes (little-endian)
    the trie      darts-clone's double array: 32-bit units (little-endian), one per node
    the strings   what the rules give, one after another, each ended by a NUL byte

The trie's keys are the rules' left sides in UTF-8; a key's value is where its right side starts among the
strings. Each unit packs a node: bits 0-7 its *label* (the byte that leads to it; bit 31 is set on a unit that
holds a value, so it matches no byte), bit 8 *has_leaf* (a key ends here), bits 10-31 the *offset* to its
children (shifted left by 8 more when bit 9 is set), and on a value unit bits 0-30 the value. Looking bytes up:

    node = offset(units[0])                  # the root's children start here
    for each byte b:  node ^= b              # the child for b, if its label is b
                      unit = units[node]; stop unless label(unit) == b
                      node ^= offset(unit)   # now at that child's children
                      if has_leaf(unit): a key ends after b; its value is units[node] (the child for byte 0)

``CharsMap.prefix_matches`` runs that loop. The normaliser asks, at each position of a text, for the *longest* key that
starts there (``longest_match``): "e" + U+0301 + U+0323 may be a key, and so may its first two characters.
Most positions of a text start no key: ``rule_marks``, read off the trie's first two characters, are the
characters at which or just before which one may start, and the normaliser skips to them in C. This module does
not build a map from rules (SentencePiece's ``normalizer/builder.cc`` does).
"""

from __future__ import annotations

import sys
from array import array

import numpy as np

from .. import _checks as check

__all__ = ["CharsMap"]

LABEL, VALUE = 0x800000FF, 0x7FFFFFFF  # the bits of a unit that hold its label, and a value unit's value
DEAD = -1  # "no such path in the trie"


def _offset(unit: int) -> int:
    """Where a node's children are, relative to it: bits 10-31, shifted left by 8 more if bit 9 is set."""
    return (unit >> 10) << ((unit & 0x200) >> 6)


class CharsMap:
    """A compiled character map read from its bytes (``blob``, as a ``.model`` file holds it).

    ``source`` names where it came from in error messages. A blob whose sizes do not fit raises ValueError;
    damage inside the trie shows when a text leads to it (ValueError, naming ``source``).

    >>> blob = bytes.fromhex("0c000000" "00800100" "610d0000" "00000080") + "Ä".encode() + b"\\0"
    >>> CharsMap(blob).prefix_matches(b"ab")  # a one-rule map: "a" -> "Ä" (value 0, the first string)
    [(1, 0)]
    >>> CharsMap(blob).longest_match("xab", 1)  # at position 1: "a" becomes "Ä", the text goes on at 2
    ('Ä', 2)
    """

    def __init__(self, blob: bytes, source: str = "the character map"):
        self.blob, self.source = bytes(check.byte_data(blob, "blob")), check.text(source, "source")
        size = int.from_bytes(self.blob[:4], "little")
        if len(self.blob) <= 4 or size >= len(self.blob) or size < 4 or size % 4:
            raise ValueError(f"{source} is broken: it says its trie takes {size} bytes, and "
                             f"{max(0, len(self.blob) - 4)} follow")
        self.units = array("I" if array("I").itemsize == 4 else "L", self.blob[4 : 4 + size])  # 32-bit units
        if sys.byteorder == "big":
            self.units.byteswap()  # the file is little-endian
        self.strings = self.blob[4 + size :]  # NUL-terminated replacements
        self.root = _offset(self.units[0])
        self._steps: dict = {}  # (node, character) -> (node after it or DEAD, value of a key ending with it or None)
        self._replacements: dict = {}  # value -> the string it points to
        self._rule_marks: frozenset | None = None  # made the first time a text is normalised

    def _follow(self, node: int, data: bytes) -> tuple[int, list]:
        """Walk the trie from ``node`` along ``data``: (the node reached, or DEAD where the trie has no such
        path; the ``(length, value)`` of every key that ends on the way, shortest first)."""
        ends, units = [], self.units
        for length, byte in enumerate(data, 1):
            node ^= byte
            if node >= len(units) or units[node] & LABEL != byte:  # (darts-clone's arrays hold every such unit)
                return DEAD, ends
            unit = units[node]
            node ^= _offset(unit)
            if unit >> 8 & 1:  # has_leaf
                ends.append((length, self._unit(node) & VALUE))
        return node, ends

    def prefix_matches(self, data: bytes) -> list[tuple[int, int]]:
        """The ``(length, value)`` of every key that ``data`` starts with (darts-clone's commonPrefixSearch)."""
        return self._follow(self.root, check.byte_data(data))[1]

    def longest_match(self, text: str, start: int) -> tuple[str, int] | None:
        """The longest rule that starts at ``text[start]``: (what it gives, where the text goes on), or None."""
        text, start = check.text_position(text, start)
        node, found, end = self.root, None, start
        for end in range(start + 1, len(text) + 1):
            step = self._steps.get((node, text[end - 1]))
            if step is None:
                step = self._step(node, text[end - 1])
            node, value = step
            if node == DEAD:
                break
            if value is not None:
                found = (value, end)
        if found is None:
            return None
        value, end = found
        replacement = self._replacements.get(value)
        if replacement is None:
            replacement = self._replacements[value] = self._string(value)
        return replacement, end

    @property
    def rule_marks(self) -> frozenset:
        """The characters that mark where a rule may start: a key may start at one of them or just before it.
        They are the characters that are keys, and the characters that follow the first character of a longer
        key ("e" + U+0301 is a key: U+0301 is a mark, "e" is not). Read off the trie once, with NumPy.

        >>> blob = bytes.fromhex("0c000000" "00800100" "610d0000" "00000080") + "Ä".encode() + b"\\0"
        >>> CharsMap(blob).rule_marks  # the one rule: "a" -> "Ä"
        frozenset({'a'})
        """
        if self._rule_marks is None:
            units = np.frombuffer(self.units, np.uint32).astype(np.int64)
            _, codes, after, ends = self._characters_after(units, np.array([self.root]))
            _, seconds, _, _ = self._characters_after(units, after[~ends])  # after each first character of a longer key
            self._rule_marks = frozenset(map(chr, {*codes[ends].tolist(), *seconds.tolist()}))
        return self._rule_marks

    def _characters_after(self, units, nodes) -> tuple:
        """Every character the trie goes on with from each of ``nodes``: (which node it went on from, its code
        point, the node after it, whether a key ends with it), as arrays. The bytes of a UTF-8 character are
        followed one at a time, only along nodes that are there (``_follow`` does it for one text)."""
        origin = np.arange(len(nodes))
        codes, lengths = np.zeros(len(nodes), np.int64), np.zeros(len(nodes), np.int64)
        found = []
        for depth in range(4):
            byte = _FIRST_BYTES if depth == 0 else _CONTINUATION_BYTES
            tried = nodes[:, None] ^ byte  # each node x each byte it may go on with
            there = (tried < len(units)) & (units[np.minimum(tried, len(units) - 1)] & LABEL == byte)
            row, column = np.nonzero(there)
            if len(row) > len(units):  # each path is a node of its own in a trie that is not damaged
                raise ValueError(f"{self.source} is damaged: its trie has more paths than units")
            unit, byte = units[tried[row, column]], byte[column]
            nodes, origin = tried[row, column] ^ (unit >> 10) << ((unit & 0x200) >> 6), origin[row]  # (_offset)
            if depth == 0:
                lengths, codes = _UTF8_LENGTH[byte], byte & _FIRST_BITS[_UTF8_LENGTH[byte]]
            else:
                lengths, codes = lengths[row], codes[row] << 6 | byte & 0x3F
            whole = lengths == depth + 1  # the character's last byte
            found.append((origin[whole], codes[whole], nodes[whole], unit[whole] >> 8 & 1 == 1))
            nodes, origin, codes, lengths = nodes[~whole], origin[~whole], codes[~whole], lengths[~whole]
        return tuple(map(np.concatenate, zip(*found)))

    def _step(self, node: int, char: str) -> tuple[int, int | None]:
        """``follow`` one character (its UTF-8 bytes), remembered: SentencePiece's keys are whole characters."""
        data = char.encode("utf-8", errors="surrogateescape")  # a byte that is not UTF-8 is followed as it is
        after, ends = self._follow(node, data)
        if ends and ends[-1][0] != len(data) or len(ends) > 1:
            raise ValueError(f"{self.source} is damaged: a rule ends inside the character {char!r} (U+{ord(char):04X})")
        self._steps[node, char] = step = (after, ends[0][1] if ends else None)
        return step

    def _unit(self, node: int) -> int:
        if not 0 <= node < len(self.units):
            raise ValueError(f"{self.source} is damaged: its trie leads to unit {node} of {len(self.units)}")
        return self.units[node]

    def _string(self, value: int) -> str:
        """The NUL-terminated replacement that starts at ``value`` in the strings."""
        end = self.strings.find(b"\0", value)
        if end < 0:
            raise ValueError(f"{self.source} is damaged: a rule points at byte {value} of {len(self.strings)}")
        try:
            return self.strings[value:end].decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{self.source} is damaged: a rule gives bytes that are not UTF-8") from None

    def __eq__(self, other) -> bool:
        return isinstance(other, CharsMap) and self.blob == other.blob

    def __hash__(self) -> int:
        return hash(self.blob)

    def __repr__(self) -> str:
        return f"CharsMap({len(self.units):,} trie units, {len(self.strings):,} bytes of replacements)"


_FIRST_BYTES = np.array([*range(0x80), *range(0xC2, 0xF5)])  # the bytes a UTF-8 character starts with
_CONTINUATION_BYTES = np.arange(0x80, 0xC0)  # the bytes after a character's first
_UTF8_LENGTH = np.array([1] * 0x80 + [0] * 0x42 + [2] * 0x1E + [3] * 0x10 + [4] * 5 + [0] * 0x0B)  # by first byte
_FIRST_BITS = np.array([0, 0x7F, 0x1F, 0x0F, 0x07])  # the bits of the code point a first byte holds, by length
