"""The project of exercise set 03 (notebook 03, byte-level BPE): ``byte_tokenizer``, a byte-level tokenizer whose
decoding survives tokens that cut a character, checked on texts in several scripts.

``set_03`` (``ex03_byte_level``) asks it last. It is in a module of its own, with a set of its own
(``set_03_project``), so that no question module grows past 600 lines; the student edition rewrites it as it
rewrites every question module, so its reference, solution and hidden cases do not reach students.
"""

from __future__ import annotations

import codecs
import random

from ... import _checks as check
from ..questions import Question
from ...tokenizer import Tokenizer
from ._shared import LEVEL_POINTS, by_name, unseen_cases

__all__ = ["set_03_project"]


def set_03_project(student: str = "") -> dict[str, Question]:
    """The last question of set 03, the project (the same for every student: its cases are texts of the set)."""
    check.student(student)
    return by_name(q_byte_tokenizer())


def _stream(pieces: list[bytes]) -> list[str]:
    """What a streaming decoder shows as each piece of bytes arrives (an unfinished character waits)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    shown = [decoder.decode(piece) for piece in pieces]
    if shown:
        shown[-1] += decoder.decode(b"", final=True)
    return shown


def _byte_tokenizer(train_text: str, vocab_size: int, text: str) -> tuple[list[int], str, list[str]]:
    tokenizer = Tokenizer.train(train_text, vocab_size, pattern=None)
    ids = tokenizer.encode(text)
    return ids, tokenizer.decode(ids), _stream([tokenizer.token_bytes(i) for i in ids])


# Texts in several scripts. In the first three cases a learned token ends inside a character (d0/d1 lead bytes of
# Cyrillic, e0 a4 of Devanagari, e4/e6 of Chinese), so showing tokens one by one must hold bytes back.
_RUSSIAN = "привет мир, привет всем, привет"
_HINDI = "नमस्ते दुनिया, नमस्ते सब"
_MIXED = "東京は東京 Tokyo 東京 😀😀 naïve naïve"


# The project's answer: notebook 03's train, encode and decode, with a stream that holds back unfinished
# characters. The typical wrong answer is the same code showing each token decoded on its own.
_PROJECT_SOLUTION = (
    "def train(text, vocab_size):\n"
    "    ids = list(text.encode('utf-8'))\n"
    "    vocab = {i: bytes([i]) for i in range(256)}\n"
    "    merges = {}  # (left id, right id) -> new id, in the order learned\n"
    "    for new_id in range(256, vocab_size):\n"
    "        counts = {}\n"
    "        for pair in zip(ids, ids[1:]):\n"
    "            counts[pair] = counts.get(pair, 0) + 1\n"
    "        if not counts:\n"
    "            break\n"
    "        top = max(counts.values())\n"
    "        pair = min((p for p, c in counts.items() if c == top), key=lambda p: (vocab[p[0]], vocab[p[1]]))\n"
    "        ids = merge(ids, pair, new_id)\n"
    "        merges[pair] = new_id\n"
    "        vocab[new_id] = vocab[pair[0]] + vocab[pair[1]]\n"
    "    return merges\n"
    "\n"
    "def merge(ids, pair, new_id):\n"
    "    out, i = [], 0\n"
    "    while i < len(ids):\n"
    "        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == pair:\n"
    "            out.append(new_id)\n"
    "            i += 2\n"
    "        else:\n"
    "            out.append(ids[i])\n"
    "            i += 1\n"
    "    return out\n"
    "\n"
    "def encode(text, merges):\n"
    "    ids = list(text.encode('utf-8'))\n"
    "    while len(ids) >= 2:\n"
    "        pair = min(zip(ids, ids[1:]), key=lambda p: merges.get(p, float('inf')))\n"
    "        if pair not in merges:\n"
    "            break\n"
    "        ids = merge(ids, pair, merges[pair])\n"
    "    return ids\n"
    "\n"
    "def token_bytes(merges):\n"
    "    vocab = {i: bytes([i]) for i in range(256)}\n"
    "    for (left, right), new_id in merges.items():  # in the order learned\n"
    "        vocab[new_id] = vocab[left] + vocab[right]\n"
    "    return vocab\n"
    "\n"
    "def decode(ids, merges):\n"
    "    vocab = token_bytes(merges)\n"
    "    return b''.join(vocab[i] for i in ids).decode('utf-8', errors='replace')\n"
    "\n"
    "def stream(ids, merges):\n"
    "    vocab, shown, held = token_bytes(merges), [], b''\n"
    "    for i in ids:\n"
    "        data = held + vocab[i]\n"
    "        cut = len(data)\n"
    "        while cut > 0:  # the longest start that decodes: whole characters only\n"
    "            try:\n"
    "                shown.append(data[:cut].decode('utf-8'))\n"
    "                break\n"
    "            except UnicodeDecodeError:\n"
    "                cut -= 1\n"
    "        else:\n"
    "            shown.append('')\n"
    "        held = data[cut:]\n"
    "    return shown\n"
    "\n"
    "def byte_tokenizer(train_text, vocab_size, text):\n"
    "    merges = train(train_text, vocab_size)\n"
    "    ids = encode(text, merges)\n"
    "    return ids, decode(ids, merges), stream(ids, merges)")

_PROJECT_WRONG = _PROJECT_SOLUTION.replace(
    _PROJECT_SOLUTION[_PROJECT_SOLUTION.index("def stream"):_PROJECT_SOLUTION.index("def byte_tokenizer")],
    "def stream(ids, merges):\n"
    "    vocab = token_bytes(merges)\n"
    "    # each token decoded on its own as it arrives: a cut character shows as '\\ufffd'\n"
    "    return [vocab[i].decode('utf-8', errors='replace') for i in ids]\n\n")


_PROJECT_CASES = [(_RUSSIAN, 270, "привет, мир"), (_HINDI, 262, "नमस्ते"), (_MIXED, 270, "東京 😀 naïve"),
                  (_RUSSIAN, 256, "мир"), (_HINDI, 265, ""), (_RUSSIAN, 270, "hello, мир 🙂"), ("ab", 300, "abab")]


def _tokenizer_case(rng: random.Random) -> tuple:
    """A training text of a few words, repeated so that merges cut characters; a vocabulary of 256 to 280; a
    text of words seen in training and others."""
    from .ex03_byte_level import LATIN, OTHER, WORDS  # here, not at the top: ex03_byte_level imports this module

    words = rng.sample(OTHER + LATIN + ("привет", "ありがとう", "สวัสดี"), rng.randint(1, 3))
    train_text = " ".join(rng.choice(words) for _ in range(rng.randint(2, 8)))
    text = " ".join(rng.choice([*words, *WORDS]) for _ in range(rng.randint(0, 3)))
    return train_text, rng.randint(256, 280), text


def q_byte_tokenizer() -> Question:
    return Question(
        name="byte_tokenizer",
        prompt=("**Project:** a byte-level tokenizer whose decoding survives tokens that cut a character. In one "
                "cell, write:\n\n"
                "- train(text, vocab_size): merges learned on the whole text as one sequence (no pattern): the "
                "most frequent adjacent pair of ids, ties to the pair whose byte strings (left, right) are "
                "smallest; the k-th merge (k = 0, 1, ...) gets id 256 + k; stop early when no pair is left;\n"
                "- encode(text, merges): the merge learned first is applied first;\n"
                "- decode(ids, merges): the exact text, even when a token ends inside a character;\n"
                "- stream(ids, merges): one str per id, the text a chat can show as that id arrives; a character "
                "whose bytes have not all arrived is held back until its last byte comes, so the strs joined "
                "are the text;\n"
                "- byte_tokenizer(train_text, vocab_size, text): trains, encodes text, and returns "
                "(ids, decode(ids, merges), stream(ids, merges)).\n\n"
                "It is checked on Russian, Hindi, Japanese with emoji and Latin letters, where learned tokens "
                "end inside characters, and on edge cases: no merges, an empty text, a text with bytes never "
                "seen in training, training that runs out of pairs."),
        reference=_byte_tokenizer,
        cases=_PROJECT_CASES,
        hints=["Notebook 03, section 3 has train, encode and decode on ids; keep a vocab id -> bytes next to the "
               "merges so that decode and stream can find each id's bytes.",
               "decode: join the bytes of all the ids, then decode once.",
               "stream: keep a buffer of bytes not shown yet; after each id, add its bytes and show the part made "
               "of whole characters (question complete_part), keeping the rest for the next id.",
               "Ties: compare the pairs' bytes, (vocab[left], vocab[right]), not their ids."],
        solution_code=_PROJECT_SOLUTION,
        wrong_code=_PROJECT_WRONG,
        answer_name="byte_tokenizer",
        points=LEVEL_POINTS["project"],
        hidden_cases=unseen_cases(_tokenizer_case, _PROJECT_CASES, 6),
        forbidden=("bpe_lab.tokenizer.Tokenizer", "bpe_lab.fast_bpe.train", "bpe_lab.bpe.train", "bpe_lab.bpe.encode",
                   "bpe_lab.byte_level.StreamDecoder.feed"),
        level="project",
        asks="project",
    )
