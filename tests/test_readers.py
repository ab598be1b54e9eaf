"""Readers that never crash or load wrong: a tiktoken rank file (``export.tiktoken_file.read`` and
``load_encoding``), BERT's ``vocab.txt`` (``bert.load_vocab``) and a saved WordPiece vocabulary
(``wordpiece.load_vocabulary``), damaged on purpose.

A damaged file either loads its original content or raises ``storage.FileFormatError`` naming the file (and the
line where there is one): never another exception (tiktoken's ``PanicException`` is a ``BaseException``, so the
tests catch ``BaseException``) and never another vocabulary, except where no reader can tell, counted and checked
for what they are: a ``vocab.txt`` (or a rank file read without special tokens) cut at a line boundary is a shorter
file of the same kind, a ``vocab.txt`` line dropped or swapped is another valid vocabulary, and a byte changed
inside a token can spell another valid token (neither format carries a checksum; the WordPiece JSON does, and
loads nothing different). The fuzzing truncates each small file at every byte (a rank file at every kind of place:
``rank_file_cuts``), changes every byte once, and drops, repeats and swaps lines.

Last, ``transformers``: ``BertTokenizer.from_pretrained(folder)`` and ``BertTokenizer(vocab=path)`` read bpe_lab's
``vocab.txt`` and give bpe_lab's ids on hard strings; ``BertTokenizer(vocab_file=path)`` does not read it in
transformers 5 (the keyword lands in ``**kwargs`` and the five default special tokens make the vocabulary).
"""

import os
import random
import re
import string

import pytest
import tiktoken  # the reference extra; never skipped
from conftest import record_fuzz, record_parity

from bpe_lab import bert, corpus, wordpiece
from bpe_lab.export import hf_wordpiece, tiktoken_file
from bpe_lab.storage import FileFormatError
from bpe_lab.tokenizer import Tokenizer

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")  # without PyTorch, transformers says so on import

NOVEL = corpus.load_text("pride_and_prejudice.txt")
TEXT = NOVEL[:3000] + " \x00\x7f\xff €🙂\t\n 中文 ﬁ"  # a load that succeeds must encode this without a panic
SEED = 29


@pytest.fixture(scope="module")
def rank_file(tmp_path_factory):
    """A 500-token tokenizer with two special tokens right after its ranks (the issue's case), its rank file."""
    tokenizer = Tokenizer.train(NOVEL[:50_000], 500)
    for name in ("<|endoftext|>", "<|im_start|>"):
        tokenizer.add_special_token(name, tokenizer.vocab_size)
    path = tiktoken_file.write(tokenizer, tmp_path_factory.mktemp("ranks") / "t.tiktoken")
    return tokenizer, path.read_bytes()


@pytest.fixture(scope="module")
def small_rank_file(tmp_path_factory):
    """A 300-token tokenizer and its rank file (about 2,600 bytes): small enough to change every byte."""
    tokenizer = Tokenizer.train(NOVEL[:20_000], 300)
    tokenizer.add_special_token("<|endoftext|>", 300)
    return tokenizer, tiktoken_file.write(tokenizer, tmp_path_factory.mktemp("small") / "s.tiktoken").read_bytes()


@pytest.fixture(scope="module")
def wordpiece_vocab():
    return wordpiece.fast_train(NOVEL[:20_000], 150)


def outcome(load, path, data: bytes, original):
    """Write ``data`` at ``path`` and load it: "same", "clear" (FileFormatError naming the file), the loaded
    content if it differs, or ("other", what was raised)."""
    path.unlink(missing_ok=True)
    path.write_bytes(data)
    try:
        loaded = load(path)
    except FileFormatError as exc:
        return "clear" if path.name in str(exc) else ("other", f"FileFormatError without the file's name: {exc}")
    except BaseException as exc:  # noqa: BLE001 - a Rust panic is a BaseException; nothing else may come out
        return ("other", f"{type(exc).__name__}: {exc}"[:300])
    return "same" if loaded == original else loaded


def raised(call) -> BaseException:
    try:
        call()
    except BaseException as exc:  # noqa: BLE001
        return exc
    raise AssertionError("no exception")


def cut_points(data: bytes):
    return range(len(data))  # data[:i] for every i: the empty file up to the file without its last byte


def changed_bytes(data: bytes, rng: random.Random):
    """Every byte of ``data`` replaced once, by a printable ASCII character (what base64, digits and pieces are
    made of) or a random byte."""
    for i in range(len(data)):
        pool = string.printable.encode() if rng.random() < 0.7 else bytes(range(256))
        new = rng.choice([b for b in pool if b != data[i]])
        yield i, data[:i] + bytes([new]) + data[i + 1:]


def line_edits(data: bytes, rng: random.Random, count: int):
    """``count`` copies of ``data`` with one whole line repeated, dropped or swapped with another."""
    lines = data.split(b"\n")[:-1]
    for _ in range(count):
        edited, i, j = list(lines), rng.randrange(len(lines)), rng.randrange(len(lines))
        action = rng.choice(["repeat", "drop", "swap"])
        if action == "repeat":
            edited.insert(j, lines[i])
        elif action == "drop":
            del edited[i]
        elif i != j:
            edited[i], edited[j] = edited[j], edited[i]
        else:
            continue
        yield action, b"".join(line + b"\n" for line in edited)


# ------------------------------------------------------------------------------------------------
# tiktoken rank files: each damage of the issue, by name
# ------------------------------------------------------------------------------------------------

def _rank_lines(data):
    return data.split(b"\n")[:-1]


def _join(lines):
    return b"".join(line + b"\n" for line in lines)


RANK_DAMAGE = {
    # name: (damage, what the message must say)
    "empty": (lambda data: b"", r"t\.tiktoken is empty: a tiktoken rank file has one line per token"),
    "whitespace only": (lambda data: b"\n \n\t\n", r"is empty"),
    "cut inside the last line's rank": (lambda data: data[:-2],
                                         r", line 500: rank 49 where rank 499 belongs \(rank 49 is already on line "
                                         r"50\)"),
    "cut inside the last line's token": (lambda data: data[:-7], r", line 500: expected '<base64 token> <rank>'"),
    "cut at a line boundary (274 tokens)": (lambda data: _join(_rank_lines(data)[:274]),
                                            r"has ranks 0…273 \(274 tokens\), but the special tokens start at id 500 "
                                            r".*ids 274…499 have no token\. Is the file cut short\?"),
    "cut before the 256 bytes end": (lambda data: _join(_rank_lines(data)[:100]),
                                     r"has no rank for 156 of the 256 bytes .* after its last line, 100"),
    "a line repeated": (lambda data: _join(_rank_lines(data) + [_rank_lines(data)[300]]),
                        r", line 501: rank 300 where rank 500 belongs \(rank 300 is already on line 301\)"),
    "a token twice (two ranks)": (lambda data: _join(_rank_lines(data) + [_rank_lines(data)[300].split()[0] + b" 500"]),
                                  r", line 501: the token b'.*' is already on line 301: each token has one rank"),
    "a rank twice (two tokens)": (lambda data: _join(_rank_lines(data)[:-1]
                                                     + [_rank_lines(data)[-1].split()[0] + b" 7"]),
                                  r", line 500: rank 7 where rank 499 belongs \(rank 7 is already on line 8\)"),
    "a gap (line 301 dropped)": (lambda data: _join(_rank_lines(data)[:300] + _rank_lines(data)[301:]),
                                 r", line 301: rank 301 where rank 300 belongs \(no line gives rank 300\)"),
    "a gap of three ranks": (lambda data: _join(_rank_lines(data)[:300] + _rank_lines(data)[303:]),
                             r", line 301: rank 303 where rank 300 belongs \(no line gives ranks 300…302\)"),
    "two lines swapped": (lambda data: _join(_rank_lines(data)[:300] + _rank_lines(data)[300:302][::-1]
                                             + _rank_lines(data)[302:]),
                          r", line 301: rank 301 where rank 300 belongs"),
    "not base64": (lambda data: data.replace(_rank_lines(data)[300].split()[0], b"a*b?", 1),
                   r", line 301: expected '<base64 token> <rank>', got 'a\*b\? 300'"),
    "base64 spelled another way": (lambda data: data.replace(b"AA== 0", b"AB== 0", 1),
                                   r", line 1: expected '<base64 token> <rank>', got 'AB== 0'"),
    "not ASCII": (lambda data: data.replace(b" 5\n", b" 5\xe9\n", 1), r", line 6: not ASCII text"),
    "a rank that is not a number": (lambda data: data.replace(b" 5\n", b" 5_0\n", 1),
                                    r", line 6: expected '<base64 token> <rank>', got '.* 5_0'"),
    "a token changed into no merge of two": (lambda data: data.replace(_rank_lines(data)[-1],
                                                                       b"eHl6 " + _rank_lines(data)[-1].split()[1]),
                                             r", line 500: the token b'xyz' \(rank 499\) is not two tokens of lower "
                                             r"rank joined"),
}


@pytest.mark.parametrize("damage", list(RANK_DAMAGE))
def test_each_damaged_rank_file_is_a_clear_error_before_tiktoken_sees_it(rank_file, tmp_path, damage):
    tokenizer, data = rank_file
    make, message = RANK_DAMAGE[damage]
    path = tmp_path / "t.tiktoken"
    path.write_bytes(make(data))
    error = raised(lambda: tiktoken_file.load_encoding(path, tokenizer.pattern, tokenizer.special_tokens))
    assert type(error) is FileFormatError and error.path == path, repr(error)
    assert re.search(message, str(error)), str(error)
    assert len(str(error)) < 600


def test_special_tokens_must_follow_the_ranks(rank_file, tmp_path):
    tokenizer, data = rank_file
    path = tmp_path / "t.tiktoken"
    path.write_bytes(data)
    error = raised(lambda: tiktoken_file.load_encoding(path, "gpt2", {"<|endoftext|>": 7}))
    assert type(error) is FileFormatError and re.search(r"has ranks 0…499, and the special token '<\|endoftext\|>' "
                                                        r"has the id 7, which a token of the file has", str(error))
    error = raised(lambda: tiktoken_file.load_encoding(path, "gpt2", {"<|a|>": 500, "<|b|>": 500}))
    assert type(error) is ValueError and "gives the id 500 to both '<|a|>' and '<|b|>'" in str(error)
    # the whole file, with any line ends tiktoken reads or without its last one, loads and encodes as ours
    for line_end in (b"\n", b"", b"\r\n", b"\r", b"\n\n"):  # b"": the last line end missing, the others kept
        whole = data[:-1] if not line_end else data.replace(b"\n", line_end)
        path.write_bytes(whole)
        encoding = tiktoken_file.load_encoding(path, tokenizer.pattern, tokenizer.special_tokens)
        assert encoding.encode(TEXT) == tokenizer.encode(TEXT)
    # without special tokens a file cut at a line boundary is a smaller rank file: nothing in it tells
    path.write_bytes(_join(_rank_lines(data)[:274]))
    assert tiktoken_file.read(path) == {token: rank for token, rank in tiktoken_file.ranks(tokenizer).items()
                                        if rank < 274}


def test_the_issue_cases_on_head_were_a_panic_an_odd_error_and_silent_loads(rank_file, tmp_path):
    """What tiktoken itself does with the damaged ranks the old reader handed over (issue 29): kept as the
    reason ``read`` checks first."""
    tokenizer, _ = rank_file
    cut = {**tiktoken_file.ranks(tokenizer), b"\xff?!": 49}  # "... 499" cut to "... 49": a rank given twice
    panic = raised(lambda: tiktoken.Encoding("cut", pat_str=r"\S+|\s+", mergeable_ranks=cut, special_tokens={}))
    assert not isinstance(panic, Exception)  # pyo3's PanicException: `except Exception` lets it through
    empty = raised(lambda: tiktoken.Encoding("empty", pat_str=r"\S+|\s+", mergeable_ranks={}, special_tokens={}))
    assert "max() arg is an empty sequence" in str(empty)


# ------------------------------------------------------------------------------------------------
# tiktoken rank files: fuzzed
# ------------------------------------------------------------------------------------------------

def _encoding_content(tokenizer, with_specials):
    specials = tokenizer.special_tokens if with_specials else None

    def load(path):
        encoding = tiktoken_file.load_encoding(path, tokenizer.pattern, specials)
        encoding.encode(TEXT, allowed_special="all")  # a load that succeeds must also encode without a panic
        return encoding._mergeable_ranks, encoding._special_tokens

    return load


def rank_file_cuts(data: bytes) -> list[int]:
    """Where to cut a rank file: at every byte of the first line of each shape (its base64's length and padding,
    its rank's digits, the rank of a byte or of a merge), of the first line, of the last byte's and the first
    merge's lines and of the last two lines; and on both sides of every line end. These cuts give every outcome
    that cuts at every byte give: each error (its numbers and quoted text aside) for each shape of line and each
    part of the line cut (base64, space, rank, line end), every shorter file, and the one whole file. Compared on
    this test's file (664 of 2,602 cuts, 87 outcomes) and on two other trained rank files (920 of 3,590 and 775 of
    3,092 cuts) while this was written."""
    lines = data.split(b"\n")[:-1]
    ends = [-1]  # the position of each line's line end, after a -1 for the start of the file
    for line in lines:
        ends.append(ends[-1] + len(line) + 1)
    shapes, chosen = set(), {0, 255, 256, len(lines) - 2, len(lines) - 1}
    for k, line in enumerate(lines):
        token, _, rank = line.partition(b" ")
        shape = (len(token), token.count(b"="), len(rank), k < 256)
        if shape not in shapes:
            shapes.add(shape)
            chosen.add(k)
    cuts = {i for k in chosen for i in range(ends[k] + 1, ends[k + 1] + 1)}
    cuts |= {i for end in ends[1:] for i in (end, end + 1)} - {len(data)}  # data[:len(data)] is not cut
    return sorted(cuts)


def test_a_rank_file_cut_at_each_kind_of_place_loads_whole_or_fails_clearly(small_rank_file, tmp_path):
    tokenizer, data = small_rank_file
    path = tmp_path / "s.tiktoken"
    counts = {True: {"same": 0, "clear": 0, "shorter": 0}, False: {"same": 0, "clear": 0, "shorter": 0}}
    failures = []
    cuts = rank_file_cuts(data)
    for with_specials in (True, False):
        load = _encoding_content(tokenizer, with_specials)
        path.write_bytes(data)
        original = load(path)
        tally = counts[with_specials]
        for i in cuts:
            result = outcome(load, path, data[:i], original)
            if result in ("same", "clear"):
                tally[result] += 1
            elif not with_specials and isinstance(result, tuple) and isinstance(result[0], dict):
                # without special tokens, a cut at a line boundary past the 256 bytes: exactly the first k ranks
                k = len(result[0])
                assert k >= 256 and result[0] == {t: r for t, r in original[0].items() if r < k}, i
                tally["shorter"] += 1
            else:
                failures.append((with_specials, i, result))
    assert failures == []
    name = "tiktoken rank file, cut at each kind of place"
    record_fuzz(f"{name} (special tokens given)", len(cuts), counts[True]["same"], counts[True]["clear"], 0)
    record_fuzz(f"{name} (no special tokens: {counts[False]['shorter']} shorter files)", len(cuts),
                counts[False]["same"], counts[False]["clear"], 0)
    assert counts[True] == {"same": 1, "clear": len(cuts) - 1, "shorter": 0}  # only the final line end may go
    lines = len(_rank_lines(data))
    # a cut just before or just after the line end of each line from the 256th on (but the last) is a shorter file
    assert counts[False]["shorter"] == 2 * (lines - 256) and counts[False]["same"] == 1


def test_a_rank_file_with_a_byte_changed_or_a_line_moved_fails_clearly_or_is_another_valid_file(small_rank_file,
                                                                                                 tmp_path):
    tokenizer, data = small_rank_file
    path = tmp_path / "s.tiktoken"
    load = _encoding_content(tokenizer, True)
    path.write_bytes(data)
    original = load(path)
    rng = random.Random(f"{SEED}-ranks")
    tally, failures, valid_edits = {"same": 0, "clear": 0}, [], 0
    cases = [(f"byte {i}", damaged) for i, damaged in changed_bytes(data, rng)] + list(line_edits(data, rng, 300))
    for label, damaged in cases:
        result = outcome(load, path, damaged, original)
        if result in ("same", "clear"):
            tally[result] += 1
        elif label.startswith("byte") and isinstance(result, tuple) and isinstance(result[0], dict):
            # a base64 character changed into another token that is still valid: one token differs, no rank moved
            ranks, specials = result
            assert specials == original[1] and sorted(ranks.values()) == sorted(original[0].values()), label
            assert len(set(ranks) - set(original[0])) == 1, label
            valid_edits += 1
        else:
            failures.append((label, result))
    assert failures == []
    record_fuzz(f"tiktoken rank file, bytes changed, lines moved ({valid_edits} valid other tokens)", len(cases),
                tally["same"], tally["clear"], 0)
    assert tally["clear"] + tally["same"] + valid_edits == len(cases)
    assert valid_edits < len(data) // 10  # mostly a 2-byte token's last base64 character


# ------------------------------------------------------------------------------------------------
# vocab.txt and the saved WordPiece vocabulary
# ------------------------------------------------------------------------------------------------

def _vocab_txt(vocab, folder):
    return hf_wordpiece.write_vocab_txt(vocab, folder / "vocab.txt").read_bytes()


VOCAB_DAMAGE = {
    "empty": (lambda data: b"", r"vocab\.txt is empty: a BERT vocab\.txt lists one piece per line"),
    "cut inside the last line": (lambda data: data[:-2], r"vocab\.txt, line \d+: '.*' has no line end after it: is "
                                                         r"the file cut short\?"),
    "a line repeated": (lambda data: data + data.split(b"\n")[40] + b"\n",
                        r", line \d+: a piece must be non-empty and listed once, got '.*' \(already on line 41\)"),
    "an empty line": (lambda data: data.replace(b"\n", b"\n\n", 1), r", line 2: a piece must be non-empty"),
    "a tab in a piece": (lambda data: data.replace(b"\n", b"\tx\n", 1), r", line 1: the piece '\[PAD\]\\tx' holds "
                                                                       r"whitespace \('\\t'\)"),
    "a space in a piece": (lambda data: data.replace(b"\n", b" x\n", 3).replace(b" x\n", b"\n", 2),
                           r", line 3: the piece '.* x' holds whitespace"),
    "not UTF-8": (lambda data: b"\n".join(b"\xe9" + line if i == 5 else line
                                          for i, line in enumerate(data.split(b"\n"))),
                  r"is not a UTF-8 vocab\.txt: line 6 holds the byte 0xe9"),
    "no [UNK]": (lambda data: data.replace(b"[UNK]\n", b"[UNKNOWN]\n"), r"has no '\[UNK\]' piece"),
}


@pytest.mark.parametrize("damage", list(VOCAB_DAMAGE))
def test_each_damaged_vocab_txt_is_a_clear_error(wordpiece_vocab, tmp_path, damage):
    make, message = VOCAB_DAMAGE[damage]
    path = tmp_path / "vocab.txt"
    path.write_bytes(make(_vocab_txt(wordpiece_vocab, tmp_path)))
    for load in (bert.load_vocab, bert.BertTokenizer):
        error = raised(lambda: load(path))
        assert type(error) is FileFormatError and error.path == path, repr(error)
        assert re.search(message, str(error)), str(error)


def test_a_vocab_txt_with_windows_or_old_mac_line_ends_reads_as_python_and_transformers_read_it(wordpiece_vocab,
                                                                                                tmp_path):
    from transformers.models.bert.tokenization_bert import load_vocab as transformers_load_vocab

    data = _vocab_txt(wordpiece_vocab, tmp_path)
    for line_end in (b"\r\n", b"\r"):
        path = tmp_path / "vocab.txt"
        path.write_bytes(data.replace(b"\n", line_end))
        assert list(bert.load_vocab(path)) == wordpiece_vocab.vocab == list(transformers_load_vocab(str(path)))


def test_a_vocab_txt_cut_or_changed_loads_whole_fails_clearly_or_is_another_valid_file(wordpiece_vocab, tmp_path):
    data = _vocab_txt(wordpiece_vocab, tmp_path)
    path, original = tmp_path / "damaged.txt", {piece: i for i, piece in enumerate(wordpiece_vocab.vocab)}
    failures, tally, shorter = [], {"same": 0, "clear": 0}, 0
    for i in cut_points(data):
        result = outcome(bert.load_vocab, path, data[:i], original)
        if result in ("same", "clear"):
            tally[result] += 1
        elif isinstance(result, dict) and data[:i].endswith(b"\n"):  # a cut at a line boundary: a shorter vocab.txt
            assert list(result) == wordpiece_vocab.vocab[:len(result)], i
            shorter += 1
        else:
            failures.append((f"cut at {i}", result))
    record_fuzz(f"vocab.txt, cut at every byte ({shorter} shorter files)", len(data), tally["same"], tally["clear"], 0)
    assert tally["same"] == 0 and tally["clear"] + shorter == len(data)  # the last line end is needed too
    rng, edits, moved = random.Random(f"{SEED}-vocab"), {"same": 0, "clear": 0}, 0
    cases = [(f"byte {i}", damaged) for i, damaged in changed_bytes(data, rng)] + list(line_edits(data, rng, 200))
    for label, damaged in cases:
        result = outcome(bert.load_vocab, path, damaged, original)
        if result in ("same", "clear"):
            edits[result] += 1
        elif isinstance(result, dict) and label != "repeat":  # a valid vocab.txt all the same: read as it is
            assert list(result) == damaged.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n").split("\n")[:-1]
            moved += 1
        else:
            failures.append((label, result))
    assert failures == []
    record_fuzz(f"vocab.txt, bytes changed, lines moved ({moved} valid other files)", len(cases), edits["same"],
                edits["clear"], 0)
    assert edits["same"] + edits["clear"] + moved == len(cases) and edits["clear"] > 0


def test_a_saved_wordpiece_vocabulary_cut_or_changed_loads_whole_or_fails_clearly(wordpiece_vocab, tmp_path):
    data = wordpiece.save_vocabulary(wordpiece_vocab, tmp_path / "wp.json").read_bytes()
    path, original = tmp_path / "damaged.json", wordpiece.load_vocabulary(tmp_path / "wp.json")
    rng = random.Random(f"{SEED}-wordpiece")
    cases = ([(f"cut at {i}", data[:i]) for i in cut_points(data)]
             + [(f"byte {i}", damaged) for i, damaged in changed_bytes(data, rng)] + list(line_edits(data, rng, 200)))
    tally, failures = {"same": 0, "clear": 0}, []
    for label, damaged in cases:
        result = outcome(wordpiece.load_vocabulary, path, damaged, original)
        if result in ("same", "clear"):
            tally[result] += 1
        else:
            failures.append((label, result))
    assert failures == []
    record_fuzz("WordPiece vocabulary (JSON), cut, bytes changed, lines moved", len(cases), tally["same"],
                tally["clear"], 0)


# ------------------------------------------------------------------------------------------------
# bpe_lab's vocab.txt in transformers
# ------------------------------------------------------------------------------------------------

HARD = [
    "", " ", "\t\n", "Hello, world!", "HELLO WORLD", "don't stop--ever...", "Mr. Darcy's £3,000 a-year (!)",
    "naïve café résumé", "Straße ÖL", "ΟΔΟΣ σοφία", "İstanbul", "ﬁnancial ﬀ", "ＡＢＣ full width", "中文字符 and 日本語",
    "한국어 텍스트", "Привет, мир", "مرحبا بالعالم", "नमस्ते दुनिया", "สวัสดี", "emoji 🙂👍🏽 family 👨‍👩‍👧",
    "zero\u200bwidth\u200djoiner", "soft\u00adhyphen", "nbsp\u00a0here", "bom\ufeffinside", "control\x00\x01\x7f",
    "a" * 101, "a" * 100, "supercalifragilisticexpialidocious", "1234567890 3.14159 1e-9", "http://example.com/a?b=c",
    "def f(x):\n\treturn x**2", "##ing ## #", "[CLS]", "[UNK] and [SEP]", "a [MASK] token", "[PAD][PAD]",
    "e\u0301 combining", "\u2028line\u2029separators", "replacement \ufffd char", "the  double   spaces",
]


@pytest.fixture(scope="module")
def vocab_txt_folder(tmp_path_factory):
    vocab = wordpiece.fast_train(NOVEL[:50_000], 600)
    folder = tmp_path_factory.mktemp("bert")
    hf_wordpiece.write_vocab_txt(vocab, folder / "vocab.txt")
    return folder


def test_transformers_reads_our_vocab_txt_with_from_pretrained_or_vocab_and_gives_our_ids(vocab_txt_folder):
    from transformers import BertTokenizer

    path = vocab_txt_folder / "vocab.txt"
    ours = bert.BertTokenizer(path)
    expected = [ours.encode(text) for text in HARD]
    special = {piece: ours.vocab[piece] for piece in ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")}
    for label, theirs in [("from_pretrained(folder)", BertTokenizer.from_pretrained(str(vocab_txt_folder))),
                          ("vocab=path", BertTokenizer(vocab=str(path)))]:
        assert len(theirs) == len(ours.vocab), label
        # special-token text as ordinary text: bpe_lab's rule
        got = theirs(HARD, add_special_tokens=False, split_special_tokens=True)["input_ids"]
        assert got == expected, label
        # transformers' default keeps "[CLS]" in a text as the special id; every other text is the same
        default = theirs(HARD, add_special_tokens=False)["input_ids"]
        for text, ids, ours_ids in zip(HARD, default, expected):
            if not any(name in text for name in special):
                assert ids == ours_ids, (label, text)
        assert default[HARD.index("[UNK] and [SEP]")] == [special["[UNK]"], ours.vocab["and"], special["[SEP]"]]
        assert theirs("Hello")["input_ids"] == [special["[CLS]"], *ours.encode("Hello"), special["[SEP]"]]
        record_parity(f"vocab.txt -> transformers BertTokenizer {label}", len(HARD), sum(map(len, expected)))
    # the trap: in transformers 5 the keyword vocab_file= is not a parameter of BertTokenizer; it is swallowed by
    # **kwargs and the tokenizer is built from the five default special tokens, so every word becomes [UNK]
    trap = BertTokenizer(vocab_file=str(path))
    if len(trap) != len(ours.vocab):
        assert len(trap) == 5 and trap.tokenize("Hello world") == ["[UNK]", "[UNK]"]
