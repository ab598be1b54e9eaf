"""The questions of the exercise notebooks, one function per notebook.

Each question's ``solution_code`` and ``wrong_code`` are complete answer cells: the tests run every
exercise notebook unattempted, with the solutions, and with the typical wrong answers.
"""

from __future__ import annotations

from . import bpe
from .exercises import Question

__all__ = ["set_01", "set_02", "set_03", "set_04", "set_05", "set_06", "set_07"]

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def _reference_merge_pair(symbols, pair):
    return list(bpe.merge_pair(tuple(symbols), tuple(pair))) if symbols else []


def _reference_train(word_counts, num_merges):
    return bpe.train(word_counts, num_merges).merges


def set_01() -> dict[str, Question]:
    """Exercises for notebook 01, from a warm-up to a small project."""
    questions = [
        Question(
            name="count_ug",
            prompt="In the hug corpus, how many times is the pair ('u', 'g') counted?",
            reference=lambda: bpe.pair_counts(HUG)[("u", "g")],
            hints=["Find every word that contains u followed by g.",
                   "Add up those words' counts: hug, pug and hugs."],
            solution_code="answer = 10 + 5 + 5  # hug, pug, hugs",
            wrong_code="answer = 3  # counted words, not occurrences",
        ),
        Question(
            name="first_merge",
            prompt="Which pair does BPE merge first on the text 'low lower lowest'? Answer as a tuple.",
            reference=lambda: bpe.train("low lower lowest", 1).merges[0],
            compare=lambda got, expected: tuple(got) == expected if isinstance(got, (tuple, list)) else False,
            hints=["(l, o) and (o, w) both occur three times: which one does the tie rule pick?",
                   "Among equal counts, the smallest pair in Python's ordering wins: compare ('l', 'o') and ('o', 'w')."],
            solution_code="answer = ('l', 'o')",
            wrong_code="answer = ('o', 'w')",
        ),
        Question(
            name="merge_pair",
            prompt="Write merge_pair(symbols, pair): a new list with every occurrence of pair merged, left to right.",
            reference=_reference_merge_pair,
            cases=[(["h", "u", "g"], ("u", "g")), (["h", "u", "g", "s"], ("h", "u")), (["a", "a", "a"], ("a", "a")),
                   (["a", "a", "a", "a"], ("a", "a")), ([], ("a", "b")), (["x", "y"], ("a", "b"))],
            hints=["Walk through the list with an index i and build a new list.",
                   "When (symbols[i], symbols[i + 1]) == pair, append the joined symbol and move i by 2; else by 1.",
                   "Overlaps: in 'a a a', after merging the first two, the scan continues after them."],
            solution_code=(
                "def merge_pair(symbols, pair):\n"
                "    out, i = [], 0\n"
                "    while i < len(symbols):\n"
                "        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == tuple(pair):\n"
                "            out.append(symbols[i] + symbols[i + 1])\n"
                "            i += 2\n"
                "        else:\n"
                "            out.append(symbols[i])\n"
                "            i += 1\n"
                "    return out"),
            wrong_code=(
                "def merge_pair(symbols, pair):\n"
                "    # merges overlapping occurrences too\n"
                "    return [a + b if (a, b) == tuple(pair) else a for a, b in zip(symbols, list(symbols[1:]) + [''])]"),
            answer_name="merge_pair",
        ),
        Question(
            name="train",
            prompt=("Write train(word_counts, num_merges) -> list of merges: count pairs (weighted by the word counts), "
                    "merge the most frequent pair (ties: the smallest pair), repeat. Words are strings."),
            reference=_reference_train,
            cases=[(HUG, 3), ({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 6), ({"aaaa": 1}, 4), ({"ab": 2}, 0)],
            hints=["Start with words = {tuple(word): count for word, count in word_counts.items()}.",
                   "Each round: count all pairs, pick max by (count, then smallest pair), merge it in every word.",
                   "Stop early when no pair is left (every word is one symbol)."],
            solution_code=(
                "def train(word_counts, num_merges):\n"
                "    words = {tuple(w): c for w, c in word_counts.items()}\n"
                "    merges = []\n"
                "    for _ in range(num_merges):\n"
                "        counts = {}\n"
                "        for symbols, c in words.items():\n"
                "            for pair in zip(symbols, symbols[1:]):\n"
                "                counts[pair] = counts.get(pair, 0) + c\n"
                "        if not counts:\n"
                "            break\n"
                "        top = max(counts.values())\n"
                "        pair = min(p for p, c in counts.items() if c == top)\n"
                "        new = {}\n"
                "        for symbols, c in words.items():\n"
                "            out, i = [], 0\n"
                "            while i < len(symbols):\n"
                "                if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:\n"
                "                    out.append(symbols[i] + symbols[i + 1]); i += 2\n"
                "                else:\n"
                "                    out.append(symbols[i]); i += 1\n"
                "            new[tuple(out)] = c\n"
                "        words = new\n"
                "        merges.append(pair)\n"
                "    return merges"),
            wrong_code=(
                "def train(word_counts, num_merges):\n"
                "    # counts each distinct word once, ignoring how often it occurs\n"
                "    from bpe_lab import bpe\n"
                "    return bpe.train({w: 1 for w in word_counts}, num_merges).merges"),
            answer_name="train",
        ),
    ]
    return {q.name: q for q in questions}


AAAB = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]
LOWEST = [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t"), ("e", "r"), ("low", "er")]


def set_02() -> dict[str, Question]:
    """Exercises for notebook 02: encoding with learned merges."""
    questions = [
        Question(
            name="encode_lowest",
            prompt=f"With the merges {LOWEST}, what does encoding 'lowest' give? Answer as a list of symbols.",
            reference=lambda: bpe.encode("lowest", LOWEST),
            hints=["Apply the merges in their order: l+o first, then lo+w, ...",
                   "After lo+w you have low e s t; which later merges apply?"],
            solution_code="answer = ['low', 'est']",
            wrong_code="answer = ['lowe', 's', 't']",
        ),
        Question(
            name="frequency_trap",
            prompt=("With the merges (a,a), (aa,a), (a,b), (aaa,b), what does a correct encoder give for "
                    "'aaabdaaabac'? Answer as a list. (Merging by frequency in the new text gets it wrong.)"),
            reference=lambda: bpe.encode("aaabdaaabac", AAAB),
            hints=["Lowest rank first: (a, a) has rank 0.",
                   "After a+a: aa a b d aa a b a c. Now (aa, a) has rank 1 and (a, b) rank 2."],
            solution_code="answer = ['aaab', 'd', 'aaab', 'a', 'c']",
            wrong_code="answer = ['aa', 'ab', 'd', 'aa', 'ab', 'a', 'c']  # merged by frequency",
            rubric="Full marks for the list. For a written explanation: the encoder must follow the learned\n"
                   "order (rank), not the counts in the new text; after a+a both aa+a and a+b occur twice, and\n"
                   "the learned order says aa+a first.",
        ),
        Question(
            name="encode",
            prompt=("Write encode(symbols, merges): repeatedly merge the adjacent pair with the lowest rank "
                    "(its position in merges) until no learned pair is left. Return a list."),
            reference=lambda symbols, merges: bpe.encode(list(symbols), merges),
            cases=[(list("lowest"), LOWEST), (list("aaabdaaabac"), AAAB), (list("xyz"), LOWEST), ([], LOWEST),
                   (list("aaaa"), [("a", "a"), ("aa", "aa")])],
            hints=["Make a dict rank = {pair: position}.",
                   "Each round: among the adjacent pairs that are in rank, take the one with the smallest rank.",
                   "Merge every occurrence of that pair left to right, then repeat; stop when none is in rank."],
            solution_code=(
                "def encode(symbols, merges):\n"
                "    rank = {tuple(p): r for r, p in enumerate(merges)}\n"
                "    symbols = list(symbols)\n"
                "    while len(symbols) > 1:\n"
                "        present = [p for p in zip(symbols, symbols[1:]) if p in rank]\n"
                "        if not present:\n"
                "            break\n"
                "        pair = min(present, key=rank.get)\n"
                "        out, i = [], 0\n"
                "        while i < len(symbols):\n"
                "            if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:\n"
                "                out.append(symbols[i] + symbols[i + 1]); i += 2\n"
                "            else:\n"
                "                out.append(symbols[i]); i += 1\n"
                "        symbols = out\n"
                "    return symbols"),
            wrong_code=(
                "def encode(symbols, merges):\n"
                "    # merges the most frequent learned pair of the word: the misconception\n"
                "    from bpe_lab import bpe\n"
                "    return bpe.wrong_encode_by_frequency(list(symbols), merges)"),
            answer_name="encode",
        ),
        Question(
            name="replay",
            prompt="Write replay(symbols, merges): apply each merge rule once, in order, to the word. Return a list.",
            reference=lambda symbols, merges: bpe.replay(list(symbols), merges),
            cases=[(list("lowest"), LOWEST), (list("aaabdaaabac"), AAAB), (list("xyz"), LOWEST), ([], AAAB)],
            hints=["One loop over merges; inside it, one left-to-right pass over the word.",
                   "Reuse your merge_pair from the exercises of notebook 01."],
            solution_code=(
                "def replay(symbols, merges):\n"
                "    symbols = list(symbols)\n"
                "    for left, right in merges:\n"
                "        out, i = [], 0\n"
                "        while i < len(symbols):\n"
                "            if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:\n"
                "                out.append(left + right); i += 2\n"
                "            else:\n"
                "                out.append(symbols[i]); i += 1\n"
                "        symbols = out\n"
                "    return symbols"),
            wrong_code=(
                "def replay(symbols, merges):\n"
                "    # applies the rules in reverse order\n"
                "    from bpe_lab import bpe\n"
                "    return bpe.replay(list(symbols), list(reversed(merges)))"),
            answer_name="replay",
        ),
    ]
    return {q.name: q for q in questions}


def _close(got, expected, tolerance=1e-6) -> bool:
    try:
        return abs(float(got) - float(expected)) <= tolerance
    except (TypeError, ValueError):
        return False


def set_03() -> dict[str, Question]:
    """Exercises for notebook 03: bytes."""
    def decode_reference(tokens):
        return b"".join(tokens).decode("utf-8", errors="replace")

    questions = [
        Question(
            name="bytes_of_text",
            prompt="How many UTF-8 bytes does the string 'naïve 東京' take?",
            reference=lambda: len("naïve 東京".encode("utf-8")),
            hints=["ASCII letters take 1 byte, ï takes 2, each of 東 and 京 takes 3.", "Or ask Python: len(s.encode())."],
            solution_code="answer = len('naïve 東京'.encode('utf-8'))",
            wrong_code="answer = len('naïve 東京')  # counts characters, not bytes",
        ),
        Question(
            name="utf8_length",
            prompt=("Write utf8_length(char) without calling .encode(): how many bytes UTF-8 uses for one character "
                    "(look at ord(char): below 0x80, below 0x800, below 0x10000, or more)."),
            reference=lambda char: len(char.encode("utf-8")),
            cases=[("a",), ("\x7f",), ("é",), ("\u07ff",), ("中",), ("\uffff",), ("😀",)],
            hints=["1 byte below 0x80, 2 below 0x800, 3 below 0x10000, else 4.",
                   "Check the boundaries: 0x7F is 1 byte, 0x80 is 2."],
            solution_code=(
                "def utf8_length(char):\n"
                "    code = ord(char)\n"
                "    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4"),
            wrong_code=(
                "def utf8_length(char):\n"
                "    code = ord(char)\n"
                "    return 1 if code < 0x80 else 2 if code < 0x800 else 3  # forgets 4-byte characters"),
            answer_name="utf8_length",
        ),
        Question(
            name="decode_tokens",
            prompt=("Write decode_tokens(tokens): a list of token bytes -> text. A token may end inside a character: "
                    "join first, then decode (bytes that still do not form a character become '\\ufffd')."),
            reference=decode_reference,
            cases=[([b"caf", b"\xc3", b"\xa9"],), ([b"\xc3"],), ([b"ab", b"c"],), ([],)],
            hints=["Decoding each token on its own breaks characters that span two tokens.",
                   "b''.join(tokens).decode('utf-8', errors='replace')"],
            solution_code="def decode_tokens(tokens):\n    return b''.join(tokens).decode('utf-8', errors='replace')",
            wrong_code=("def decode_tokens(tokens):\n"
                        "    return ''.join(t.decode('utf-8', errors='replace') for t in tokens)  # token by token"),
            answer_name="decode_tokens",
        ),
        Question(
            name="base_vocabulary",
            prompt="How many ids does a byte-level BPE vocabulary have before any merge?",
            reference=lambda: len(range(256)),
            hints=["One id per possible byte value."],
            solution_code="answer = 256",
            wrong_code="answer = 255",
        ),
    ]
    return {q.name: q for q in questions}


def set_04() -> dict[str, Question]:
    """Exercises for notebook 04: pre-tokenization and GPT-2."""
    from . import gpt2, pretokenize

    questions = [
        Question(
            name="count_chunks",
            prompt="Into how many chunks does GPT-2's pattern split \"I'm here,  twice.\"?",
            reference=lambda: len(pretokenize.split("I'm here,  twice.")),
            hints=["Contractions, words with their leading space, punctuation runs, whitespace runs.",
                   "Check with pretokenize.split(...) once you have an answer."],
            solution_code="answer = len(['I', \"'m\", ' here', ',', ' ', ' twice', '.'])",
            wrong_code="answer = 3  # counted words",
        ),
        Question(
            name="split_gpt2",
            prompt=("Write split_gpt2(text) with the `regex` module: GPT-2's chunks (contractions; letters, digits or "
                    "other symbols with one optional leading space; whitespace that leaves its last space to the next word)."),
            reference=lambda text: pretokenize.split(text, "gpt2"),
            cases=[("Hello world",), ("it's 2024!",), ("a  b\n\nc",), ("x   ",), ("naïve café",), ("",)],
            hints=["Alternatives, tried in order: contractions, ' ?\\p{L}+', ' ?\\p{N}+', ' ?[^\\s\\p{L}\\p{N}]+', whitespace.",
                   "Whitespace: first '\\s+(?!\\S)' (all but the last space before a word), then '\\s+'."],
            solution_code=(
                "import regex\n"
                "def split_gpt2(text):\n"
                "    return regex.findall(r\"\"\"'(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+\"\"\", text)"),
            wrong_code=(
                "import regex\n"
                "def split_gpt2(text):\n"
                "    return regex.findall(r\"\"\"(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+\"\"\", text)"
                "  # the typo"),
            answer_name="split_gpt2",
        ),
        Question(
            name="digit_groups",
            prompt="How does GPT-4's cl100k pattern split '1234567'? Answer as a list of strings.",
            reference=lambda: pretokenize.split("1234567", "gpt4"),
            hints=["Numbers are cut into groups of at most three digits, from the left."],
            solution_code="answer = ['123', '456', '7']",
            wrong_code="answer = ['1', '234', '567']",
        ),
        Question(
            name="gpt2_id",
            prompt="What is GPT-2's id for the text 'Hello'? Answer as a list of ids (use bpe_lab.gpt2.load()).",
            reference=lambda: gpt2.load().encode("Hello"),
            hints=["enc = gpt2.load(); enc.encode('Hello')"],
            solution_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode('Hello')",
            wrong_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode(' Hello')  # with a leading space",
        ),
    ]
    return {q.name: q for q in questions}


def set_05() -> dict[str, Question]:
    """Exercises for notebook 05: WordPiece."""
    from . import bert, corpus, wordpiece

    small = {"[UNK]", "un", "##help", "help", "##ful", "##ness", "##less", "play", "##er", "##ers", "##s"}
    questions = [
        Question(
            name="score",
            prompt="count(ab) = 12, count(a) = 40, count(b) = 15. What is WordPiece's score for the pair?",
            reference=lambda: 12 / (40 * 15),
            compare=_close,
            hints=["score = count(ab) / (count(a) x count(b))"],
            solution_code="answer = 12 / (40 * 15)",
            wrong_code="answer = 12  # the count, BPE's criterion",
        ),
        Question(
            name="maxmatch",
            prompt=("Write maxmatch(word, vocab): greedy longest match from the left, '##' on continuation pieces, "
                    "['[UNK]'] for the whole word if some position cannot be covered."),
            reference=lambda word, vocab: wordpiece.tokenize(word, vocab),
            cases=[("unhelpfulness", small), ("players", small), ("helpless", small), ("plays", small),
                   ("xyz", small), ("help", small)],
            hints=["Outer loop over start positions; inner loop tries end = len(word) down to start + 1.",
                   "Add '##' to the candidate when start > 0; if nothing matches, return ['[UNK]']."],
            solution_code=(
                "def maxmatch(word, vocab):\n"
                "    pieces, start = [], 0\n"
                "    while start < len(word):\n"
                "        for end in range(len(word), start, -1):\n"
                "            piece = ('##' if start else '') + word[start:end]\n"
                "            if piece in vocab:\n"
                "                pieces.append(piece)\n"
                "                break\n"
                "        else:\n"
                "            return ['[UNK]']\n"
                "        start = end\n"
                "    return pieces"),
            wrong_code=(
                "def maxmatch(word, vocab):\n"
                "    # shortest match instead of longest\n"
                "    pieces, start = [], 0\n"
                "    while start < len(word):\n"
                "        for end in range(start + 1, len(word) + 1):\n"
                "            piece = ('##' if start else '') + word[start:end]\n"
                "            if piece in vocab:\n"
                "                pieces.append(piece)\n"
                "                break\n"
                "        else:\n"
                "            return ['[UNK]']\n"
                "        start = end\n"
                "    return pieces"),
            answer_name="maxmatch",
        ),
        Question(
            name="bert_pieces",
            prompt="What pieces does bert-base-uncased give for 'Tokenization!'? Answer as a list of strings.",
            reference=lambda: bert.BertTokenizer(corpus.data_path("bert-base-uncased-vocab.txt")).tokenize("Tokenization!"),
            hints=["Lower-case, split off the punctuation, then greedy longest match with the BERT vocabulary."],
            solution_code=("from bpe_lab import bert, corpus\n"
                           "answer = bert.BertTokenizer(corpus.data_path('bert-base-uncased-vocab.txt')).tokenize('Tokenization!')"),
            wrong_code="answer = ['Token', '##ization', '!']  # forgot the lower-casing",
        ),
        Question(
            name="unk_whole_word",
            prompt="With the vocabulary {'[UNK]', 'abc', 'ab', '##d', '##cde'}, what does MaxMatch give for 'abcde'?",
            reference=lambda: wordpiece.tokenize("abcde", {"[UNK]", "abc", "ab", "##d", "##cde"}),
            hints=["Greedy takes the longest first piece; does the rest then have a cover?"],
            solution_code="answer = ['[UNK]']",
            wrong_code="answer = ['ab', '##cde']  # a split exists, but greedy does not find it",
        ),
    ]
    return {q.name: q for q in questions}


def set_06() -> dict[str, Question]:
    """Exercises for notebook 06: Unigram and Viterbi."""
    from . import unigram

    cats = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
            "at": -1.9, "ats": -2.1, "ts": -2.0}
    questions = [
        Question(
            name="segmentation_score",
            prompt=f"With the log-probabilities {cats}, what is the log-probability of the segmentation ca + ts?",
            reference=lambda: cats["ca"] + cats["ts"],
            compare=_close,
            hints=["Independent pieces: probabilities multiply, so log-probabilities add."],
            solution_code="answer = -1.8 + -2.0",
            wrong_code="answer = -1.8 * -2.0  # multiplied the logarithms",
        ),
        Question(
            name="viterbi",
            prompt=("Write viterbi(text, log_probs) -> the best list of pieces: best[i] = max over pieces ending at i of "
                    "best[start] + log_prob, with a back-pointer; follow the back-pointers from the end."),
            reference=lambda text, log_probs: unigram.viterbi(text, log_probs)[0],
            cases=[("cats", cats), ("cat", cats), ("a", cats), ("tacs", cats),
                   ("cats", {k: v for k, v in cats.items() if k != "cats"})],
            hints=["best = [0] + [-inf] * len(text); back = [None] * (len(text) + 1).",
                   "For end in 1..n, for start in 0..end-1: if text[start:end] is a piece, try best[start] + lp.",
                   "Ties: keep the first best found when trying starts from 0 upwards."],
            solution_code=(
                "import math\n"
                "def viterbi(text, log_probs):\n"
                "    best = [0.0] + [-math.inf] * len(text)\n"
                "    back = [None] * (len(text) + 1)\n"
                "    for end in range(1, len(text) + 1):\n"
                "        for start in range(end):\n"
                "            piece = text[start:end]\n"
                "            if piece in log_probs and best[start] + log_probs[piece] > best[end]:\n"
                "                best[end], back[end] = best[start] + log_probs[piece], start\n"
                "    pieces, end = [], len(text)\n"
                "    while end > 0:\n"
                "        pieces.append(text[back[end]:end])\n"
                "        end = back[end]\n"
                "    return pieces[::-1]"),
            wrong_code=(
                "def viterbi(text, log_probs):\n"
                "    # greedy: the most probable piece at each position, no look-back\n"
                "    pieces, start = [], 0\n"
                "    while start < len(text):\n"
                "        options = [text[start:end] for end in range(start + 1, len(text) + 1) if text[start:end] in log_probs]\n"
                "        piece = max(options, key=log_probs.get)\n"
                "        pieces.append(piece)\n"
                "        start += len(piece)\n"
                "    return pieces"),
            answer_name="viterbi",
        ),
        Question(
            name="count_all",
            prompt="If every substring is a piece, how many segmentations does 'abcdefgh' have?",
            reference=lambda: unigram.count_segmentations("abcdefgh", {"abcdefgh"[i:j] for i in range(8) for j in range(i + 1, 9)}),
            hints=["Each of the 7 gaps between letters is cut or not."],
            solution_code="answer = 2 ** 7",
            wrong_code="answer = 2 ** 8",
        ),
        Question(
            name="count_segmentations",
            prompt="Write count_segmentations(text, pieces): how many ways text can be cut into the given pieces.",
            reference=lambda text, pieces: unigram.count_segmentations(text, pieces),
            cases=[("cats", set(cats)), ("abcd", {"a", "b", "c", "d", "ab", "bc", "cd"}), ("xyz", {"x"}), ("", {"a"})],
            hints=["ways[0] = 1; ways[end] = sum of ways[start] for every piece text[start:end]."],
            solution_code=(
                "def count_segmentations(text, pieces):\n"
                "    ways = [1] + [0] * len(text)\n"
                "    for end in range(1, len(text) + 1):\n"
                "        ways[end] = sum(ways[s] for s in range(end) if text[s:end] in pieces)\n"
                "    return ways[-1]"),
            wrong_code=(
                "def count_segmentations(text, pieces):\n"
                "    return 2 ** max(len(text) - 1, 0)  # assumes every substring is a piece"),
            answer_name="count_segmentations",
        ),
    ]
    return {q.name: q for q in questions}


def set_07() -> dict[str, Question]:
    """Exercises for notebook 07: measuring tokenizers."""
    from . import corpus, gpt2, metrics

    def article_1(code):
        return corpus.load_udhr()[code]["text"].split("\n")[1]

    def gpt2_cost_hindi():
        enc = gpt2.load()
        return len(enc.encode(article_1("hin"))) / len(enc.encode(article_1("eng")))

    questions = [
        Question(
            name="bytes_per_token",
            prompt="Write bytes_per_token(tokenize, text): UTF-8 bytes of the text divided by the number of tokens.",
            reference=metrics.bytes_per_token,
            cases=[(str.split, "to be or not"), (list, "naïve"), (str.split, "one")],
            compare=_close,
            hints=["len(text.encode('utf-8')) / len(tokenize(text))"],
            solution_code="def bytes_per_token(tokenize, text):\n    return len(text.encode('utf-8')) / len(tokenize(text))",
            wrong_code="def bytes_per_token(tokenize, text):\n    return len(text) / len(tokenize(text))  # characters, not bytes",
            answer_name="bytes_per_token",
        ),
        Question(
            name="fertility",
            prompt="Write fertility(tokenize, text): tokens per word, words being what whitespace separates.",
            reference=metrics.fertility,
            cases=[(str.split, "to be or not"), (list, "to be"), (list, "a  b\nc")],
            compare=_close,
            hints=["len(tokenize(text)) / len(text.split())"],
            solution_code="def fertility(tokenize, text):\n    return len(tokenize(text)) / len(text.split())",
            wrong_code="def fertility(tokenize, text):\n    return len(text.split()) / len(tokenize(text))  # upside down",
            answer_name="fertility",
        ),
        Question(
            name="hindi_cost",
            prompt=("With GPT-2 (bpe_lab.gpt2.load()), how many times more tokens does article 1 of the UDHR take in "
                    "Hindi than in English? (corpus.load_udhr()[code]['text'].split('\\n')[1]; two decimals)"),
            reference=gpt2_cost_hindi,
            compare=lambda got, expected: _close(got, expected, 0.01),
            hints=["Encode both texts with the same tokenizer and divide the token counts."],
            solution_code=(
                "from bpe_lab import corpus, gpt2\n"
                "enc = gpt2.load()\n"
                "udhr = corpus.load_udhr()\n"
                "hindi, english = (udhr[c]['text'].split('\\n')[1] for c in ('hin', 'eng'))\n"
                "answer = len(enc.encode(hindi)) / len(enc.encode(english))"),
            wrong_code=(
                "from bpe_lab import corpus\n"
                "udhr = corpus.load_udhr()\n"
                "answer = len(udhr['hin']['text'].split('\\n')[1]) / len(udhr['eng']['text'].split('\\n')[1])"
                "  # characters"),
            rubric=("For a written interpretation: GPT-2's vocabulary was learned mostly from English, so Devanagari\n"
                    "falls back to bytes (3 per character) and the same content costs several times more tokens:\n"
                    "higher cost, shorter effective context, slower generation for Hindi users."),
        ),
        Question(
            name="data_or_algorithm",
            prompt="Notebook 07, section 6: which moved compression more, the training data or the algorithm? "
                   "Answer 'data' or 'algorithm'.",
            reference="data",
            compare=lambda got, expected: isinstance(got, str) and got.strip().lower() == expected,
            hints=["Compare the spread between BPE and Unigram with prose-trained vs Python-trained BPE."],
            solution_code="answer = 'data'",
            wrong_code="answer = 'algorithm'",
            rubric="Full marks for 'data' with the two numbers from section 6 quoted.",
        ),
    ]
    return {q.name: q for q in questions}
