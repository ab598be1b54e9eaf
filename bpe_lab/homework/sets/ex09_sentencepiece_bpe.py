"""Exercises for notebook 09 (SentencePiece BPE with byte fallback), from a warm-up to a small project:

    name                       asks       level     points  what
    naive_with_byte_fallback   new case   warm-up   1       a word's pieces in a toy model, with byte fallback
    byte_pieces                function   warm-up   1       a character's byte pieces
    dummy_prefix               function   core      2       the normaliser, and why the dummy prefix (rubric)
    decode_pieces              function   core      2       pieces back to text, byte pieces included
    merge_by_score             function   core      2       the encoding loop: best score first, leftmost on ties
    scores_from_merges         function   core      2       a merge list as SentencePiece scores (minus the step)
    tokyo_pieces               explain    core      2       how many pieces an English model gives '東京', and why
    sentencepiece_encode       project    project   4       the whole encoder: dummy prefix, merges, byte fallback

None asks for a number the notebook printed: the cases are new. The two value questions are personalised
(``set_09(student="alice")``: another accented word and toy model, another text in another script); every
function question has hidden cases, and those bpe_lab already answers forbid its implementation
(``sentencepiece_bpe.byte_piece``, ``merge_by_score``, the ``SentencePieceBPE`` model, ...).
"""

from __future__ import annotations

from ... import _checks as check
from ... import sentencepiece_bpe
from ..questions import Question
from ._shared import apart, by_name, student_rng

# One function per question (q_...) builds it; set_09, the notebook's set, is what graders call.
__all__ = ["set_09"]

# A toy SentencePiece BPE model: its merged pieces with their scores (minus the step that made each), and its
# characters (every lowercase ASCII letter and "▁", scored after the merged pieces). It has no piece for "ï".
TOY_SCORES = {"ve": -0.0, "▁n": -1.0, "na": -2.0, "▁na": -3.0}
TOY_CHARACTERS = "▁abcdefghijklmnopqrstuvwxyz"


def set_09(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 09: SentencePiece BPE with byte fallback. ``student``: an id such as "alice"
    gives that student's own word, model and text in the value questions ("": everyone's version)."""
    student = check.student(student)
    return by_name(q_naive_with_byte_fallback(student), q_byte_pieces(), q_dummy_prefix(), q_decode_pieces(),
                   q_merge_by_score(), q_scores_from_merges(), q_tokyo_pieces(student), q_sentencepiece_encode())


# Every piece of that model with its score: the merged pieces, then the characters after them.
TOY_PIECES = {**TOY_SCORES, **{ch: -len(TOY_SCORES) - k for k, ch in enumerate(TOY_CHARACTERS)}}


# Per-student words for the first question: lowercase ASCII letters and one or two others the model has no piece for.
ACCENTED = ("café", "über", "señor", "jalapeño", "façade", "crème", "déjà", "noël", "zoë", "fiancée", "piñata",
            "résumé", "mañana", "müsli", "naïveté", "coöperate", "rosé", "doña")


def _toy_model_for(student: str) -> tuple[str, dict]:
    """('naïve', TOY_SCORES), or for a student an accented word and four merged pieces made on it (in the order
    a trainer could have made them), plus one piece that overlaps them, at a random rank."""
    rng = student_rng(student, "09 naive_with_byte_fallback")
    if rng is None:
        return "naïve", dict(TOY_SCORES)
    word = rng.choice(ACCENTED)
    symbols, made = list("▁" + word), []
    for _ in range(4):
        pairs = sorted({a + b for a, b in zip(symbols, symbols[1:]) if all(ch in TOY_CHARACTERS for ch in a + b)}
                       - set(made))
        if not pairs:
            break
        made.append(rng.choice(pairs))
        symbols = sentencepiece_bpe.merge_by_score(symbols, {made[-1]: 0.0})
    others = sorted({a + b for a, b in zip("▁" + word, word) if all(ch in TOY_CHARACTERS for ch in a + b)} - set(made))
    if others:
        made.insert(rng.randrange(len(made) + 1), rng.choice(others))
    return word, {piece: -float(step) for step, piece in enumerate(made)}


def _without_piece(word: str) -> list[str]:
    return sorted({ch for ch in word if ch not in TOY_CHARACTERS}, key=word.index)


def q_naive_with_byte_fallback(student: str = "") -> Question:
    word, scores = _toy_model_for(student)
    pieces = {**scores, **{ch: -len(scores) - k for k, ch in enumerate(TOY_CHARACTERS)}}
    answer = _sentencepiece_encode(word, pieces, byte_fallback=True)
    missing = _without_piece(word)
    forgot = sentencepiece_bpe.merge_by_score(list(_normalize(word)), scores)  # no byte fallback: ï kept as it is
    if not student:
        prompt = (f"A SentencePiece BPE model with byte fallback has the merged pieces {TOY_SCORES} (piece: score), "
                  "every lowercase letter a-z and '▁' as single characters, and no piece for 'ï'. What pieces does "
                  "it give for the text 'naïve'? Answer a list of pieces, such as ['▁n', ...].")
        hints = ["First the dummy prefix: the model sees '▁naïve'. Then merge the best-scoring adjacent pair, "
                 "again and again; 'ï' joins nothing, because no piece contains it.",
                 "The merges are ve, then ▁n, then ▁n + a = ▁na (na alone is never made: ▁ and n joined first). A "
                 "symbol that is not a piece is written as its UTF-8 bytes: 'ï'.encode('utf-8') is b'\\xc3\\xaf'."]
    else:
        listed = " or ".join(repr(ch) for ch in missing)
        prompt = (f"A SentencePiece BPE model with byte fallback has the merged pieces {scores} (piece: score), "
                  f"every lowercase letter a-z and '▁' as single characters, and no piece for {listed}. What pieces "
                  f"does it give for the text {word!r}? Answer a list of pieces, such as ['▁', ...].")
        hints = [f"First the dummy prefix: the model sees {'▁' + word!r}. Then merge the best-scoring adjacent pair, "
                 f"again and again; {listed} joins nothing, because no piece contains it.",
                 "A higher score is merged first, and a merge can only join two symbols that stand side by side at "
                 f"that moment. A symbol that is not a piece is written as its UTF-8 bytes: {missing[0]!r}"
                 f".encode('utf-8') is {missing[0].encode('utf-8')!r}."]
    return Question(
        name="naive_with_byte_fallback",
        prompt=prompt,
        reference=lambda: _sentencepiece_encode(word, pieces, byte_fallback=True),
        hints=hints,
        solution_code=f"word_pieces = {answer!r}",
        wrong_code=f"word_pieces = {forgot!r}  # forgets that {missing[0]!r} is not a piece",
        answer_name="word_pieces",
        points=1,
        level="warm-up",
        asks="new case",
        student=student,
    )


def _byte_pieces(character: str) -> list[str]:
    return [sentencepiece_bpe.byte_piece(b) for b in character.encode("utf-8")]


def _hidden_byte_pieces(rng) -> list[tuple]:
    """One character from each of several ranges: ASCII (control characters too), Latin, Greek and Cyrillic,
    CJK, Hangul, emoji (1, 2, 3 and 4 UTF-8 bytes)."""
    ranges = [(0x00, 0x1F), (0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x4FF), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3),
              (0x1F300, 0x1F64F)]
    return [(chr(rng.randint(low, high)),) for low, high in ranges]


def q_byte_pieces() -> Question:
    cases = [("é",), ("a",), ("東",), ("🙂",), ("\n",), ("ï",)]
    return Question(
        name="byte_pieces",
        prompt=("Write byte_pieces(character): the pieces byte fallback writes for a character the model has no "
                "piece for, one per UTF-8 byte, as two upper-case hex digits: 'é' -> ['<0xC3>', '<0xA9>']."),
        reference=_byte_pieces,
        cases=cases,
        hints=["character.encode('utf-8') gives the bytes; iterating over bytes gives numbers 0-255.",
               "f'<0x{b:02X}>' writes 0xe9 as '<0xE9>'."],
        solution_code=("def byte_pieces(character):\n"
                       "    return [f'<0x{b:02X}>' for b in character.encode('utf-8')]"),
        wrong_code=("def byte_pieces(character):\n"
                    "    return [f'<0x{ord(character):02X}>']  # the code point, not its UTF-8 bytes"),
        answer_name="byte_pieces",
        points=1,
        hidden_cases=apart(_hidden_byte_pieces, cases),
        forbidden=("bpe_lab.sentencepiece_bpe.byte_piece",),
        level="warm-up",
        asks="function",
    )


def _normalize(text: str) -> str:
    return "▁" + text.replace(" ", "▁") if text else ""


WORDS = ("Hello", "world", "naïve", "東京", "the", "  ", "Emma", "café", "🙂", "x", "return", "1816.")


def _hidden_normalize(rng) -> list[tuple]:
    """Words joined by runs of spaces, sometimes with spaces in front or at the end; once the empty text."""
    cases = [("",)] if rng.random() < 0.5 else []
    while len(cases) < 6:
        words = [rng.choice(WORDS) for _ in range(rng.randint(1, 4))]
        text = "".join(w + " " * rng.choice([1, 1, 2, 3]) for w in words)
        cases.append((" " * rng.choice([0, 0, 1, 2]) + (text if rng.random() < 0.5 else text.rstrip(" ")),))
    return cases


def q_dummy_prefix() -> Question:
    cases = [("Hello world",), ("world",), ("  two",), ("a  b ",), ("",), ("東京 naïve",)]
    return Question(
        name="dummy_prefix",
        prompt=("Write normalize(text): the text as notebook 09's models see it before merging (no Unicode "
                "normalisation, every space kept): each space becomes '▁' and one '▁' goes in front, the dummy "
                "prefix. 'Hello world' -> '▁Hello▁world'; an empty text stays ''. Then say, in a comment, why the "
                "dummy prefix is there."),
        reference=_normalize,
        cases=cases,
        hints=["text.replace(' ', '▁') makes the spaces visible.",
               "Put one more '▁' in front, except for the empty text."],
        solution_code=("def normalize(text):\n"
                       "    # the dummy prefix: a word at the start looks like the same word after a space\n"
                       "    return '▁' + text.replace(' ', '▁') if text else ''"),
        wrong_code=("def normalize(text):\n"
                    "    return text.replace(' ', '▁')  # no dummy prefix"),
        answer_name="normalize",
        points=2,
        hidden_cases=apart(_hidden_normalize, cases),
        forbidden=("bpe_lab.sentencepiece.model.Model", "bpe_lab.sentencepiece.normalizer.Normalizer"),
        level="core",
        asks="function",
        rubric=("Full marks with the reason: with the dummy prefix, 'world' at the start of a text and the 'world'\n"
                "of 'Hello world' are the same piece '▁world', with the same id."),
    )


def _decode_pieces(pieces: list[str]) -> str:
    data = b"".join(bytes([int(piece[3:5], 16)]) if piece.startswith("<0x") else piece.encode("utf-8")
                    for piece in pieces)
    text = data.decode("utf-8", errors="replace").replace("▁", " ")
    return text[1:] if text.startswith(" ") else text


def _hidden_decode(rng) -> list[tuple]:
    """Texts cut into pieces at random, some pieces written as byte pieces, sometimes a character cut short
    (decoding gives '\ufffd' there), sometimes a text that starts with a space."""
    cases = []
    for _ in range(6):
        words = [rng.choice(WORDS).strip() or "a" for _ in range(rng.randint(1, 4))]
        text = " " * rng.choice([0, 0, 1]) + " ".join(words)
        normalized, pieces, i = _normalize(text), [], 0
        while i < len(normalized):
            size = rng.randint(1, 4)
            chunk, i = normalized[i:i + size], i + size
            if rng.random() < 0.3:
                data = chunk.encode("utf-8")
                if rng.random() < 0.3 and len(data) > 1:
                    data = data[:-1]  # a character cut short
                pieces += [sentencepiece_bpe.byte_piece(b) for b in data]
            else:
                pieces.append(chunk)
        cases.append((pieces,))
    return cases


def q_decode_pieces() -> Question:
    cases = [(["▁He", "ll", "o", "▁world"],), (["▁", "▁world"],), (["▁▁", "▁world"],),
             (["▁n", "a", "<0xC3>", "<0xAF>", "ve"],), (["▁", "<0xE6>", "<0x9D>", "<0xB1>"],), ([],),
             (["▁▁▁▁", "▁return"],)]
    return Question(
        name="decode_pieces",
        prompt=("Write decode(pieces): the text of a list of SentencePiece pieces. Join them, with a byte piece "
                "such as '<0xC3>' standing for its byte, read the bytes as UTF-8, turn each '▁' into a space and drop "
                "the one space the dummy prefix added. ['▁He', 'll', 'o', '▁world'] -> 'Hello world'."),
        reference=_decode_pieces,
        cases=cases,
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
        points=2,
        hidden_cases=apart(_hidden_decode, cases),
        level="core",
        asks="function",
    )


def _hidden_merge_by_score(rng) -> list[tuple]:
    """Symbols over a few letters and pieces of two to four of them, scores from a few values (ties happen)."""
    cases = []
    for _ in range(6):
        alphabet = rng.choice(["ab", "abc", "▁ab", "▁lowe"])
        symbols = [rng.choice(alphabet) for _ in range(rng.randint(0, 10))]
        pieces = sorted({"".join(rng.choice(alphabet) for _ in range(rng.randint(2, 4)))
                         for _ in range(rng.randint(1, 6))})
        cases.append((symbols, {piece: -float(rng.randint(0, 4)) for piece in pieces}))
    return cases


def q_merge_by_score() -> Question:
    cases = [(["a", "b", "c"], {"ab": -2.0, "bc": -1.0}),
             (list("▁lower"), {"ow": -0.0, "er": -1.0, "▁l": -2.0, "low": -3.0, "▁low": -4.0, "ower": -5.0}),
             (["a", "a", "a"], {"aa": -1.0}),
             (list("abab"), {"ab": -1.0, "abab": -2.0}),
             (list("xyz"), {"ab": -1.0}),
             ([], {"ab": -1.0}),
             (list("▁the"), {"▁t": -2.0, "he": -1.0, "▁the": -3.0, "▁th": -4.0})]
    return Question(
        name="merge_by_score",
        prompt=("Write merge_by_score(symbols, scores): repeatedly merge the adjacent pair whose joined string is in "
                "scores with the highest score (on equal scores, the leftmost pair), until no adjacent pair joins "
                "into a piece. merge_by_score(['a', 'b', 'c'], {'ab': -2.0, 'bc': -1.0}) -> ['a', 'bc']."),
        reference=lambda symbols, scores: sentencepiece_bpe.merge_by_score(symbols, scores),
        cases=cases,
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
        points=2,
        hidden_cases=apart(_hidden_merge_by_score, cases),
        forbidden=("bpe_lab.sentencepiece_bpe.merge_by_score", "bpe_lab.sentencepiece.bpe._merge_by_score"),
        level="core",
        asks="function",
    )


def _scores_from_merges(merges: list[tuple[str, str]]) -> dict[str, float]:
    scores = {}
    for step, (left, right) in enumerate(merges):
        scores.setdefault(left + right, -float(step))
    return scores


def _hidden_scores_from_merges(rng) -> list[tuple]:
    """Merge lists over a few symbols, long enough that two merges sometimes make the same string."""
    symbols = ["a", "b", "c", "▁", "ab", "bc", "▁a", "abc"]
    return [([(rng.choice(symbols), rng.choice(symbols)) for _ in range(rng.randint(0, 10))],) for _ in range(5)]


def q_scores_from_merges() -> Question:
    cases = [([("▁", "t"), ("h", "e")],), ([],), ([("a", "b"), ("ab", "c"), ("a", "bc")],),
             ([("▁", "t"), ("h", "e"), ("▁t", "he"), ("▁", "a")],), ([("e", "r")] * 2,)]
    return Question(
        name="scores_from_merges",
        prompt=("A SentencePiece BPE model stores no merge list: each merged piece has a score, minus the step at "
                "which the trainer made it. Write scores_from_merges(merges): the dict piece -> score for a list of "
                "merges in the order they were learned. [('▁', 't'), ('h', 'e')] -> {'▁t': -0.0, 'he': -1.0}. If two "
                "merges make the same string, the piece was made at the first of them."),
        reference=_scores_from_merges,
        cases=cases,
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
        points=2,
        hidden_cases=apart(_hidden_scores_from_merges, cases),
        level="core",
        asks="function",
    )


# Per-student texts for tokyo_pieces: words in scripts an English-only model has no piece for.
OTHER_SCRIPTS = ("北京", "日本語", "서울", "한국어", "Москва", "Київ", "Αθήνα", "Ελλάδα", "नमस्ते", "القاهرة",
                 "ありがとう", "🙂🎉")


def _script_text_for(student: str) -> str:
    rng = student_rng(student, "09 tokyo_pieces")
    return "東京" if rng is None else rng.choice(OTHER_SCRIPTS)


def q_tokyo_pieces(student: str = "") -> Question:
    text = _script_text_for(student)
    sizes = [len(ch.encode("utf-8")) for ch in text]
    total = 1 + sum(sizes)
    if not student:
        prompt = ("A SentencePiece BPE model with byte fallback was trained on English text only: it has no piece "
                  "that contains a Chinese or Japanese character. How many pieces does it give for the text '東京' "
                  "(dummy prefix included)? Answer a whole number, and say why in a comment.")
        solution = "piece_count = 7  # '▁' alone (no piece joins it to 東), then 3 UTF-8 bytes for each of 東 and 京"
        rubric = ("Full marks with the reason: the dummy prefix '▁' stays a piece of its own, since no piece starts\n"
                  "'▁東'; 東 and 京 have no piece, so each is written as its 3 UTF-8 bytes, <0xE6> <0x9D> <0xB1> and\n"
                  "<0xE4> <0xBA> <0xAC>: 1 + 3 + 3 = 7. Without byte fallback: '▁' and one <unk> for the run, 2 ids,\n"
                  "and the text is lost.")
    else:
        prompt = ("A SentencePiece BPE model with byte fallback was trained on English text only: it has no piece "
                  f"that contains a character outside ASCII. How many pieces does it give for the text {text!r} "
                  "(dummy prefix included)? Answer a whole number, and say why in a comment.")
        bytes_said = " + ".join(map(str, sizes))
        solution = (f"piece_count = {total}  # '▁' alone (no piece joins it to {text[0]}), then one byte piece per "
                    f"UTF-8 byte: 1 + {bytes_said}")
        rubric = (f"Full marks with the reason: the dummy prefix '▁' stays a piece of its own, since no piece starts\n"
                  f"'▁{text[0]}'; the {len(text)} characters of {text!r} have no piece, so each is written as its\n"
                  f"UTF-8 bytes ({bytes_said} bytes): 1 + {sum(sizes)} = {total}. Without byte fallback: '▁' and one\n"
                  "<unk> for the run, 2 ids, and the text is lost.")
    return Question(
        name="tokyo_pieces",
        prompt=prompt,
        reference=lambda: 1 + len(text.encode("utf-8")),
        hints=[f"The dummy prefix makes the text {'▁' + text!r}. Can '▁' join anything here?",
               "Each character without a piece becomes one byte piece per UTF-8 byte. How many bytes does a character "
               "of this script take in UTF-8?"],
        solution_code=solution,
        wrong_code=f"piece_count = {len(text)}  # one piece per character, as if the model had them",
        answer_name="piece_count",
        points=2,
        level="core",
        asks="explain",
        rubric=rubric,
        student=student,
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


def _hidden_sentencepiece_encode(rng) -> list[tuple]:
    """Texts of words the toy model knows, cannot spell (other scripts, capitals, emoji) or half knows, with
    runs of spaces; byte fallback on or off."""
    words = ["low", "lower", "naïve", "東京", "über", "na", "vena", "Low", "slower", "🙂", "nave", "été"]
    cases = []
    for _ in range(6):
        text = " " * rng.choice([0, 0, 1]) + "".join(rng.choice(words) + " " * rng.choice([1, 1, 2])
                                                     for _ in range(rng.randint(1, 4))).rstrip(" ")
        cases.append((text, TOY_MODEL, rng.random() < 0.5))
    return cases


def q_sentencepiece_encode() -> Question:
    cases = [("naïve", TOY_MODEL, True), ("naïve", TOY_MODEL, False), ("lower", TOY_MODEL, True),
             ("東京 naïve", TOY_MODEL, True), ("東京 naïve", TOY_MODEL, False), ("", TOY_MODEL, True),
             ("a  b", TOY_MODEL, False), ("Low", TOY_MODEL, False), ("über low", TOY_MODEL, True)]
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
        cases=cases,
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
        points=4,
        hidden_cases=apart(_hidden_sentencepiece_encode, cases),
        forbidden=("bpe_lab.sentencepiece_bpe", "bpe_lab.sentencepiece"),
        level="project",
        asks="project",
    )
