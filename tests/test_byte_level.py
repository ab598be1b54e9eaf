"""UTF-8 views, GPT-2's byte map, and partial characters."""

import codecs
import random

import pytest

from bpe_lab import byte_level
from bpe_lab.tokenizer import Tokenizer


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


# --- StreamDecoder: decoding bytes that arrive one token at a time ---------------------------------

STREAM_TEXT = "naïve € 😀 नमस्ते 東京 👨‍👩‍👧"  # 1-, 2-, 3- and 4-byte characters, and joined code points


def stream(pieces):
    """What a StreamDecoder returns for each piece, then for flush."""
    decoder = byte_level.StreamDecoder()
    return [decoder.feed(piece) for piece in pieces] + [decoder.flush()]


def test_stream_every_split_point_gives_the_text():
    data = STREAM_TEXT.encode()
    for cut in range(len(data) + 1):
        shown = stream([data[:cut], data[cut:]])
        assert "".join(shown) == STREAM_TEXT, cut
        assert "\ufffd" not in "".join(shown) and shown[-1] == ""  # nothing left over at the end
        assert STREAM_TEXT.startswith(shown[0])  # only whole characters, never a '�' in between


def test_stream_byte_by_byte_and_against_pythons_incremental_decoder():
    data = STREAM_TEXT.encode()
    for cuts in [(3, 9), (5, 6), (17, 30), (10, 11, 12, 13)]:
        pieces = [data[a:b] for a, b in zip((0, *cuts), (*cuts, len(data)))]
        python = codecs.getincrementaldecoder("utf-8")(errors="replace")
        assert stream(pieces) == [python.decode(piece) for piece in pieces] + [python.decode(b"", final=True)]
    one_at_a_time = stream([bytes([b]) for b in data])
    assert "".join(one_at_a_time) == STREAM_TEXT
    assert one_at_a_time.count("") == len(data) - len(STREAM_TEXT) + 1  # each byte but a character's last, and flush


def test_stream_tokens_that_end_inside_a_character():
    tokenizer = Tokenizer.train("привет мир, привет всем, привет нам", 270, pattern=None)
    ids = tokenizer.encode("привет всем")
    pieces = [tokenizer.token_bytes(i) for i in ids]
    assert any(not byte_level.utf8_status(piece)[-1][1].startswith("'") for piece in pieces)  # a token ends mid-character
    assert "".join(stream(pieces)) == "привет всем" == tokenizer.decode(ids)


def test_stream_flush_replaces_a_truncated_tail():
    data = "ok 😀".encode()[:-1]  # the emoji's last byte never comes
    decoder = byte_level.StreamDecoder()
    assert decoder.feed(data) == "ok " and decoder.held == b"\xf0\x9f\x98"
    assert decoder.flush() == "\ufffd" == data[3:].decode("utf-8", errors="replace")
    assert decoder.held == b"" and decoder.feed("é".encode()) == "é"  # flushed: it starts afresh


def test_stream_invalid_bytes_come_out_at_once_and_match_a_whole_decode():
    assert stream([b"a\xff", b"\xa9b"]) == ["a\ufffd", "\ufffdb", ""]
    rng = random.Random(28)
    alphabet = [b"a", b"\xc3", b"\xa9", b"\xe2", b"\x82", b"\xac", b"\xf0", b"\x9f", b"\x98", b"\xe0", b"\xed",
                b"\xa0", b"\xc0", b"\xf4", b"\x90", b"\xff"]
    for _ in range(3000):
        data = b"".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
        cuts = sorted(rng.sample(range(len(data) + 1), min(len(data) + 1, 3)))
        pieces = [data[a:b] for a, b in zip((0, *cuts), (*cuts, len(data)))]
        assert "".join(stream(pieces)) == data.decode("utf-8", errors="replace"), pieces


def test_stream_refuses_what_is_not_bytes():
    with pytest.raises(TypeError, match="data must be bytes, got int"):
        byte_level.StreamDecoder().feed(104)
