"""Exercises for notebook 09 (SentencePiece BPE with byte fallback), from a warm-up to a small project:

    naive_with_byte_fallback   value      warm-up   a word's pieces in a toy model, with byte fallback
    byte_pieces                function   warm-up   a character's byte pieces
    dummy_prefix               function   core      the normaliser, and why the dummy prefix (rubric)
    decode_pieces              function   core      pieces back to text, byte pieces included
    merge_by_score             function   core      the encoding loop: best score first, leftmost on ties
    scores_from_merges         function   core      a merge list as SentencePiece scores (minus the step)
    tokyo_pieces               explain    core      how many pieces an English model gives '東京', and why (rubric)
    sentencepiece_encode       project    project   the whole encoder: dummy prefix, merges, byte fallback or <unk>

None asks for a number the notebook printed: the cases are new.
"""

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
                   q_merge_by_score(), q_scores_from_merges(), q_tokyo_pieces(), q_sentencepiece_encode())


# Every piece of that model with its score: the merged pieces, then the characters after them.
TOY_PIECES = {**TOY_SCORES, **{ch: -len(TOY_SCORES) - k for k, ch in enumerate(TOY_CHARACTERS)}}


def q_naive_with_byte_fallback() -> Question:
    return Question(
        name="naive_with_byte_fallback",
        prompt=(f"A SentencePiece BPE model with byte fallback has the merged pieces {TOY_SCORES} (piece: score), "
                "every lowercase letter a-z and '▁' as single characters, and no piece for 'ï'. What pieces does it "
                "give for the text 'naïve'? Answer a list of pieces, such as ['▁n', ...]."),
        reference=lambda: _sentencepiece_encode("naïve", TOY_PIECES, byte_fallback=True),
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


def _scores_from_merges(merges: list[tuple[str, str]]) -> dict[str, float]:
    scores = {}
    for step, (left, right) in enumerate(merges):
        scores.setdefault(left + right, -float(step))
    return scores


def q_scores_from_merges() -> Question:
    return Question(
        name="scores_from_merges",
        prompt=("A SentencePiece BPE model stores no merge list: each merged piece has a score, minus the step at "
                "which the trainer made it. Write scores_from_merges(merges): the dict piece -> score for a list of "
                "merges in the order they were learned. [('▁', 't'), ('h', 'e')] -> {'▁t': -0.0, 'he': -1.0}. If two "
                "merges make the same string, the piece was made at the first of them."),
        reference=_scores_from_merges,
        cases=[([("▁", "t"), ("h", "e")],), ([],), ([("a", "b"), ("ab", "c"), ("a", "bc")],),
               ([("▁", "t"), ("h", "e"), ("▁t", "he"), ("▁", "a")],), ([("e", "r")] * 2,)],
        hints=["enumerate(merges) gives each merge with its step, 0 first; the piece is left + right.",
               "A string already in the dict keeps its score: dict.setdefault, or a check before writing. Mind the "
               "scores are floats, -0.0 for the first."],
        solution_code=("def scores_from_merges(merges):\n"
                       "    scores = {}\n"
                       "    for step, (left, right) in enumerate(merges):\n"
                       "        scores.setdefault(left + right, -float(step))\n"
                       "    return scores"),
        wrong_code=("def scores_from_merges(merges):\n"
                    "    # the later merge overwrites the first one's score\n"
                    "    return {left + right: -float(step) for step, (left, right) in enumerate(merges)}"),
        answer_name="scores_from_merges",
    )


def q_tokyo_pieces() -> Question:
    return Question(
        name="tokyo_pieces",
        prompt=("A SentencePiece BPE model with byte fallback was trained on English text only: it has no piece "
                "that contains a Chinese or Japanese character. How many pieces does it give for the text '東京' "
                "(dummy prefix included)? Answer a whole number, and say why in a comment."),
        reference=lambda: 1 + len("東京".encode("utf-8")),
        hints=["The dummy prefix makes the text '▁東京'. Can '▁' join anything here?",
               "Each character without a piece becomes one byte piece per UTF-8 byte. How many bytes does a character "
               "of this script take in UTF-8?"],
        solution_code=("answer = 7  # '▁' alone (no piece joins it to 東), then 3 UTF-8 bytes for each of 東 and 京"),
        wrong_code="answer = 2  # one piece per character, as if the model had them",
        rubric=("Full marks with the reason: the dummy prefix '▁' stays a piece of its own, since no piece starts\n"
                "'▁東'; 東 and 京 have no piece, so each is written as its 3 UTF-8 bytes, <0xE6> <0x9D> <0xB1> and\n"
                "<0xE4> <0xBA> <0xAC>: 1 + 3 + 3 = 7. Without byte fallback: '▁' and one <unk> for the run, 2 ids,\n"
                "and the text is lost."),
    )


def _sentencepiece_encode(text: str, scores: dict[str, float], byte_fallback: bool) -> list[str]:
    symbols = sentencepiece_bpe.merge_by_score(list(_normalize(text)), scores)
    pieces = []
    for symbol in symbols:
        if symbol in scores:
            pieces.append(symbol)
        elif byte_fallback:
            pieces.extend(_byte_pieces(symbol))
        elif not pieces or pieces[-1] != "<unk>":  # a run of unknown symbols is one <unk>
            pieces.append("<unk>")
    return pieces


TOY_MODEL = {**TOY_SCORES, "▁l": -4.0, "ow": -5.0, "▁low": -6.0, "er": -7.0,
             **{ch: -8.0 - k for k, ch in enumerate(TOY_CHARACTERS)}}


def q_sentencepiece_encode() -> Question:
    return Question(
        name="sentencepiece_encode",
        prompt=("Project: write sentencepiece_encode(text, scores, byte_fallback), a whole SentencePiece BPE encoder "
                "(as notebook 09's models, no Unicode normalisation, every space kept). scores holds every piece of "
                "the model, merged pieces and single characters, with its score. Steps: normalise (each space '▁', "
                "one '▁' in front; '' stays ''); split into characters; merge by score (your merge_by_score); then a "
                "symbol that is a piece stays, and one that is not becomes its byte pieces with byte_fallback, or "
                "'<unk>' without it, a run of unknown symbols giving one '<unk>'. Return the list of pieces. "
                f"The checks use the toy model TOY_MODEL = {TOY_MODEL!r}."),
        reference=_sentencepiece_encode,
        cases=[("naïve", TOY_MODEL, True), ("naïve", TOY_MODEL, False), ("lower", TOY_MODEL, True),
               ("東京 naïve", TOY_MODEL, True), ("東京 naïve", TOY_MODEL, False), ("", TOY_MODEL, True),
               ("a  b", TOY_MODEL, False), ("Low", TOY_MODEL, False), ("über low", TOY_MODEL, True)],
        hints=["Reuse your normalize and merge_by_score from the questions above; what is left is the last step.",
               "Walk over the merged symbols once: keep a symbol that is in scores; otherwise, with byte fallback add "
               "byte_pieces(symbol), without it add '<unk>' unless the last piece you added is already '<unk>'."],
        solution_code=("def sentencepiece_encode(text, scores, byte_fallback):\n"
                       "    normalized = '▁' + text.replace(' ', '▁') if text else ''\n"
                       "    symbols = list(normalized)\n"
                       "    while True:  # merge by score: best score first, leftmost on ties\n"
                       "        joinable = [(scores[a + b], -i) for i, (a, b) in enumerate(zip(symbols, symbols[1:]))\n"
                       "                    if a + b in scores]\n"
                       "        if not joinable:\n"
                       "            break\n"
                       "        i = -max(joinable)[1]\n"
                       "        symbols[i:i + 2] = [symbols[i] + symbols[i + 1]]\n"
                       "    pieces = []\n"
                       "    for symbol in symbols:\n"
                       "        if symbol in scores:\n"
                       "            pieces.append(symbol)\n"
                       "        elif byte_fallback:\n"
                       "            pieces.extend(f'<0x{b:02X}>' for b in symbol.encode('utf-8'))\n"
                       "        elif not pieces or pieces[-1] != '<unk>':\n"
                       "            pieces.append('<unk>')\n"
                       "    return pieces"),
        wrong_code=("def sentencepiece_encode(text, scores, byte_fallback):\n"
                    "    # one <unk> per unknown character, and byte pieces of the code point instead of its UTF-8 bytes\n"
                    "    normalized = '▁' + text.replace(' ', '▁') if text else ''\n"
                    "    symbols = list(normalized)\n"
                    "    while True:\n"
                    "        joinable = [(scores[a + b], -i) for i, (a, b) in enumerate(zip(symbols, symbols[1:]))\n"
                    "                    if a + b in scores]\n"
                    "        if not joinable:\n"
                    "            break\n"
                    "        i = -max(joinable)[1]\n"
                    "        symbols[i:i + 2] = [symbols[i] + symbols[i + 1]]\n"
                    "    return [s if s in scores else (f'<0x{ord(s):02X}>' if byte_fallback else '<unk>') for s in symbols]"),
        answer_name="sentencepiece_encode",
        time_limit=5.0,
    )
