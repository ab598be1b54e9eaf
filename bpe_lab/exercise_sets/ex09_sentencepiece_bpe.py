"""Exercises for notebook 09 (SentencePiece BPE with byte fallback): a word's pieces with byte fallback, a
character's byte pieces, the dummy prefix, decoding pieces, and merging by piece score."""

from __future__ import annotations

from .. import sentencepiece_bpe
from ..exercises import Question
from ._shared import by_name

# One function per question (q_...) builds it; set_09, the notebook's set, is what graders call.
__all__ = ["set_09"]

# A toy SentencePiece BPE model: its merged pieces with their scores (minus the step that made each), and its
# characters (every lowercase ASCII letter and "▁", scored after the merged pieces). It has no piece for "ï".
TOY_SCORES = {"ve": -0.0, "▁n": -1.0, "na": -2.0, "▁na": -3.0}
TOY_CHARACTERS = "▁abcdefghijklmnopqrstuvwxyz"


def set_09() -> dict[str, Question]:
    """Exercises for notebook 09: SentencePiece BPE with byte fallback."""
    return by_name(q_naive_with_byte_fallback(), q_byte_pieces(), q_dummy_prefix(), q_decode_pieces(),
                   q_merge_by_score())


def _toy_pieces(word: str) -> list[str]:
    """The toy model's pieces for one word: dummy prefix, merges by score, byte fallback for a symbol that is
    not a piece."""
    scores = {**TOY_SCORES, **{ch: -len(TOY_SCORES) - k for k, ch in enumerate(TOY_CHARACTERS)}}
    symbols = sentencepiece_bpe.merge_by_score(list("▁" + word), scores)
    return [piece for symbol in symbols
            for piece in ([symbol] if symbol in scores else _byte_pieces(symbol))]


def q_naive_with_byte_fallback() -> Question:
    return Question(
        name="naive_with_byte_fallback",
        prompt=(f"A SentencePiece BPE model with byte fallback has the merged pieces {TOY_SCORES} (piece: score), "
                "every lowercase letter a-z and '▁' as single characters, and no piece for 'ï'. What pieces does it "
                "give for the text 'naïve'? Answer a list of pieces, such as ['▁n', ...]."),
        reference=lambda: _toy_pieces("naïve"),
        hints=["First the dummy prefix: the model sees '▁naïve'. Then merge the best-scoring adjacent pair, "
               "again and again; 'ï' joins nothing, because no piece contains it.",
               "The merges are ve, then ▁n, then ▁n + a = ▁na (na alone is never made: ▁ and n joined first). A "
               "symbol that is not a piece is written as its UTF-8 bytes: 'ï'.encode('utf-8') is b'\\xc3\\xaf'."],
        solution_code="answer = ['▁na', '<0xC3>', '<0xAF>', 've']",
        wrong_code="answer = ['▁na', 'ï', 've']  # forgets that 'ï' is not a piece",
    )


def _byte_pieces(character: str) -> list[str]:
    return [sentencepiece_bpe.byte_piece(b) for b in character.encode("utf-8")]


def q_byte_pieces() -> Question:
    return Question(
        name="byte_pieces",
        prompt=("Write byte_pieces(character): the pieces byte fallback writes for a character the model has no "
                "piece for, one per UTF-8 byte, as two upper-case hex digits: 'é' -> ['<0xC3>', '<0xA9>']."),
        reference=_byte_pieces,
        cases=[("é",), ("a",), ("東",), ("🙂",), ("\n",), ("ï",)],
        hints=["character.encode('utf-8') gives the bytes; iterating over bytes gives numbers 0-255.",
               "f'<0x{b:02X}>' writes 0xe9 as '<0xE9>'."],
        solution_code=("def byte_pieces(character):\n"
                       "    return [f'<0x{b:02X}>' for b in character.encode('utf-8')]"),
        wrong_code=("def byte_pieces(character):\n"
                    "    return [f'<0x{ord(character):02X}>']  # the code point, not its UTF-8 bytes"),
        answer_name="byte_pieces",
    )


def _normalize(text: str) -> str:
    return "▁" + text.replace(" ", "▁") if text else ""


def q_dummy_prefix() -> Question:
    return Question(
        name="dummy_prefix",
        prompt=("Write normalize(text): the text as notebook 09's models see it before merging (no Unicode "
                "normalisation, every space kept): each space becomes '▁' and one '▁' goes in front, the dummy "
                "prefix. 'Hello world' -> '▁Hello▁world'; an empty text stays ''. Then say, in a comment, why the "
                "dummy prefix is there."),
        reference=_normalize,
        cases=[("Hello world",), ("world",), ("  two",), ("a  b ",), ("",), ("東京 naïve",)],
        hints=["text.replace(' ', '▁') makes the spaces visible.",
               "Put one more '▁' in front, except for the empty text."],
        solution_code=("def normalize(text):\n"
                       "    # the dummy prefix: a word at the start looks like the same word after a space\n"
                       "    return '▁' + text.replace(' ', '▁') if text else ''"),
        wrong_code=("def normalize(text):\n"
                    "    return text.replace(' ', '▁')  # no dummy prefix"),
        answer_name="normalize",
        rubric=("Full marks with the reason: with the dummy prefix, 'world' at the start of a text and the 'world'\n"
                "of 'Hello world' are the same piece '▁world', with the same id."),
    )


def _decode_pieces(pieces: list[str]) -> str:
    data = b"".join(bytes([int(piece[3:5], 16)]) if piece.startswith("<0x") else piece.encode("utf-8")
                    for piece in pieces)
    text = data.decode("utf-8", errors="replace").replace("▁", " ")
    return text[1:] if text.startswith(" ") else text


def q_decode_pieces() -> Question:
    return Question(
        name="decode_pieces",
        prompt=("Write decode(pieces): the text of a list of SentencePiece pieces. Join them, with a byte piece "
                "such as '<0xC3>' standing for its byte, read the bytes as UTF-8, turn each '▁' into a space and drop "
                "the one space the dummy prefix added. ['▁He', 'll', 'o', '▁world'] -> 'Hello world'."),
        reference=_decode_pieces,
        cases=[(["▁He", "ll", "o", "▁world"],), (["▁", "▁world"],), (["▁▁", "▁world"],), (["▁n", "a", "<0xC3>", "<0xAF>", "ve"],),
               (["▁", "<0xE6>", "<0x9D>", "<0xB1>"],), ([],), (["▁▁▁▁", "▁return"],)],
        hints=["Build bytes: bytes([int(piece[3:5], 16)]) for a piece that starts with '<0x', piece.encode('utf-8') "
               "for the others; join them and .decode('utf-8').",
               "Replace '▁' by ' ' after decoding; then remove only the first character if it is a space "
               "(['▁', '▁world'] is ' world': the text itself started with a space)."],
        solution_code=("def decode(pieces):\n"
                       "    data = b''.join(bytes([int(p[3:5], 16)]) if p.startswith('<0x') else p.encode('utf-8')\n"
                       "                    for p in pieces)\n"
                       "    text = data.decode('utf-8', errors='replace').replace('▁', ' ')\n"
                       "    return text[1:] if text.startswith(' ') else text"),
        wrong_code=("def decode(pieces):\n"
                    "    data = b''.join(bytes([int(p[3:5], 16)]) if p.startswith('<0x') else p.encode('utf-8')\n"
                    "                    for p in pieces)\n"
                    "    return data.decode('utf-8', errors='replace').replace('▁', ' ').lstrip()  # every leading space"),
        answer_name="decode",
    )


def q_merge_by_score() -> Question:
    return Question(
        name="merge_by_score",
        prompt=("Write merge_by_score(symbols, scores): repeatedly merge the adjacent pair whose joined string is in "
                "scores with the highest score (on equal scores, the leftmost pair), until no adjacent pair joins "
                "into a piece. merge_by_score(['a', 'b', 'c'], {'ab': -2.0, 'bc': -1.0}) -> ['a', 'bc']."),
        reference=lambda symbols, scores: sentencepiece_bpe.merge_by_score(symbols, scores),
        cases=[(["a", "b", "c"], {"ab": -2.0, "bc": -1.0}),
               (list("▁lower"), {"ow": -0.0, "er": -1.0, "▁l": -2.0, "low": -3.0, "▁low": -4.0, "ower": -5.0}),
               (["a", "a", "a"], {"aa": -1.0}),
               (list("abab"), {"ab": -1.0, "abab": -2.0}),
               (list("xyz"), {"ab": -1.0}),
               ([], {"ab": -1.0}),
               (list("▁the"), {"▁t": -2.0, "he": -1.0, "▁the": -3.0, "▁th": -4.0})],
        hints=["Each round, look at every adjacent pair (symbols[i], symbols[i + 1]); keep those whose joined string "
               "is in scores, and take the one with the highest score (the smallest i on a tie).",
               "Replace the two symbols by their join (symbols[i:i + 2] = [joined]) and start the round again; stop "
               "when no pair joins into a piece."],
        solution_code=("def merge_by_score(symbols, scores):\n"
                       "    symbols = list(symbols)\n"
                       "    while True:\n"
                       "        joinable = [(scores[a + b], -i) for i, (a, b) in enumerate(zip(symbols, symbols[1:]))\n"
                       "                    if a + b in scores]\n"
                       "        if not joinable:\n"
                       "            return symbols\n"
                       "        i = -max(joinable)[1]\n"
                       "        symbols[i:i + 2] = [symbols[i] + symbols[i + 1]]"),
        wrong_code=("def merge_by_score(symbols, scores):\n"
                    "    # left to right, merging whatever joins into a piece: ignores the scores\n"
                    "    symbols = list(symbols)\n"
                    "    i = 0\n"
                    "    while i < len(symbols) - 1:\n"
                    "        if symbols[i] + symbols[i + 1] in scores:\n"
                    "            symbols[i:i + 2] = [symbols[i] + symbols[i + 1]]\n"
                    "        else:\n"
                    "            i += 1\n"
                    "    return symbols"),
        answer_name="merge_by_score",
    )
