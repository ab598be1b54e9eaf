"""UTF-8 views, GPT-2's byte map, and partial characters."""

import pytest

from bpe_lab import byte_level


def test_bytes_per_character_in_several_scripts():
    lengths = {char: len(byte_level.char_bytes(char)) for char in "aéЖ中😀"}
    assert lengths == {"a": 1, "é": 2, "Ж": 2, "中": 3, "😀": 4}


def test_gpt2_map_is_a_bijection_onto_printable_characters():
    mapping = byte_level.bytes_to_unicode()
    assert sorted(mapping) == list(range(256))
    assert len(set(mapping.values())) == 256
    assert all(char.isprintable() and not char.isspace() for char in mapping.values())
    assert sum(1 for b, char in mapping.items() if ord(char) != b) == 68
    assert byte_level.from_printable(byte_level.to_printable(bytes(range(256)))) == bytes(range(256))
    assert byte_level.unicode_to_bytes()["Ġ"] == 32


def test_partial_utf8_is_shown_not_hidden():
    euro = "€".encode()  # e2 82 ac
    assert byte_level.show_token(euro) == "€"
    assert byte_level.show_token(euro[:2]) == "⟨e2 82⟩"
    assert byte_level.show_token(euro[2:] + b"5") == "⟨ac⟩5"
    assert byte_level.utf8_status(euro[1:]) == [(b"\x82\xac", "2 continuation bytes of a character that started earlier")]


def test_bad_input():
    with pytest.raises(ValueError, match="exactly one character"):
        byte_level.char_bytes("ab")
    with pytest.raises(TypeError, match="must be bytes"):
        byte_level.to_printable("abc")
    with pytest.raises(ValueError, match="not one of GPT-2's 256 printable byte characters"):
        byte_level.from_printable("a b")
    with pytest.raises(TypeError, match="text must be a str"):
        byte_level.bytes_by_char(b"abc")
