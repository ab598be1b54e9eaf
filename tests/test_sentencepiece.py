"""bpe_lab.sentencepiece runs any model SentencePiece trains, id for id with ``SentencePieceProcessor``.

SentencePiece trains twelve models here on the novel (data/pride_and_prejudice.txt, 800 pieces): BPE and Unigram,
each with every normaliser it has: nmt_nfkc (its default), nfkc, nmt_nfkc_cf, nfkc_cf (case folded), identity, and
a rule TSV written here. Each model normalises by the compiled character map its file carries, so these tests
compare ids, pieces, the normalised text and the decoded text on the lines of the UDHR in 20 languages that hold
every character it has, and on generated Unicode text (tabs, CR, U+200B, the zero-width joiner, control characters, combining marks, full-width
forms; lone surrogates cannot be in a str: bytes that are not UTF-8 stand for them). Then the switches a model may
carry (whitespace as a suffix, spaces kept, no dummy prefix, decode rules, user-defined and unused pieces,
byte fallback in Unigram, another unknown surface), damaged files, and models bpe_lab refuses.
"""

import io
import unicodedata

import pytest
import sentencepiece as spm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpe_lab import corpus, sentencepiece, storage
from bpe_lab.sentencepiece import model_file
from conftest import examples, record_fuzz, record_parity

RULES = ["nmt_nfkc", "nfkc", "nmt_nfkc_cf", "nfkc_cf", "identity", "rule TSV"]
MODELS = [(model_type, rule) for model_type in ("bpe", "unigram") for rule in RULES]
# source code points -> target code points: "A" -> "a", "▁" -> " ", a tab -> " ", "ﬁ" -> "fi", "Q" + "u" -> "Kw"
RULE_TSV = "41\t61\n2581\t20\n9\t20\nFB01\t66 69\n51 75\t4B 77\n"


def train(lines, **options) -> bytes:
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, minloglevel=2, num_threads=2,
                                   **options)
    return model.getvalue()


@pytest.fixture(scope="module")
def lines():
    return [line for line in corpus.load_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def models(lines, tmp_path_factory):
    """(model type, rule) -> (ours, SentencePiece's processor, the file), each trained once: BPE on the whole novel,
    Unigram on every third line of it (3,574 lines, which hold every character the novel has; SentencePiece's
    Unigram trainer takes 0.4 s of CPU on them, 0.8 s on the whole novel, and these are six models)."""
    folder = tmp_path_factory.mktemp("sentencepiece")
    (folder / "rules.tsv").write_text(RULE_TSV, encoding="utf-8")
    found = {}
    for model_type, rule in MODELS:
        options = {"normalization_rule_tsv": str(folder / "rules.tsv")} if rule == "rule TSV" else \
            {"normalization_rule_name": rule}
        path = folder / f"{model_type}_{rule.replace(' ', '_')}.model"
        path.write_bytes(train(lines if model_type == "bpe" else lines[::3], model_type=model_type, vocab_size=800,
                               byte_fallback=model_type == "bpe", **options))
        found[model_type, rule] = (sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path)), path)
    return found


def assert_same(ours, reference, texts, label: str) -> None:
    """Ids, pieces, the normalised text and the decoded text as SentencePiece's; counted in the parity summary."""
    ids = 0
    for text in texts:
        expected = reference.encode(text)
        assert ours.encode(text) == expected, f"{label}: ids differ for {text[:60]!r}"
        assert ours.encode_pieces(text) == reference.encode(text, out_type=str), f"{label}: {text[:60]!r}"
        assert ours.normalize(text) == reference.normalize(text), f"{label}: normalised text, {text[:60]!r}"
        assert ours.decode(expected) == reference.decode(expected), f"{label}: decoded text, {text[:60]!r}"
        ids += len(expected)
    assert ours.encode_batch(texts) == reference.encode(list(texts)), f"{label}: encode_batch"
    record_parity(label, len(texts), ids)


def name(model) -> str:
    return f"{model[0]}, {model[1]}"


def udhr_lines() -> list[str]:
    return [line for language in corpus.load_udhr().values() for line in language["text"].split("\n")]


def every_character(lines) -> list[str]:
    """The lines that hold a character no line before them holds: together, every character of ``lines`` once
    at least (and every script, every digit, every character a model does not know)."""
    seen, found = set(), []
    for line in lines:
        if not set(line) <= seen:
            found.append(line)
            seen |= set(line)
    return found


@pytest.mark.parametrize("model", MODELS, ids=name)
def test_the_udhr_lines_that_hold_every_character(models, model):
    """The UDHR's 1,707 characters (20 languages) are in 322 of its 1,179 lines (a quarter of its
    characters): each character's rule, piece, byte pieces or <unk>. A rule of two or more characters fires on
    these lines whenever it fires on the whole file: measured, with each of the six normalisers, every rule that
    fires anywhere on the UDHR (nmt_nfkc 2, nfkc 1, nmt_nfkc_cf 74, nfkc_cf 73, identity 0, the TSV 2) fires on
    these lines. Every UDHR line and more merges: test_encode_batch_gives_the_ids_of_the_readable_path (BPE),
    test_unigram_words_are_cut_once (Unigram) and tests/test_sentencepiece_bpe.py (every UDHR word)."""
    ours, reference, _ = models[model]
    assert ours.model_type == model[0] and ours.vocab_size == reference.get_piece_size() == 800
    assert [ours.id_to_piece(i) for i in range(800)] == [reference.id_to_piece(i) for i in range(800)]
    texts = every_character(udhr_lines())
    assert len(texts) == 322
    assert_same(ours, reference, texts, f"sentencepiece.load, {name(model)}: UDHR lines with every character")


SPECIAL = ["\t", "\r", "\n", "\u200b", "\u200d", "\u200c", "\x00", "\x01", "\x7f", "\u0301", "\u0323", "\u3099",
           "Ａ", "ｶ", "ﬁ", "①", "²", "\u00a0", "\u3000", "\u2581", "\ufffd", " ", "  ", "é", "e\u0301", "İ", "ß",
           "<\u0338", "\u1100\u1161", "e\u0301\u0323", "\U0001d400", "\U0001f642"]  # ≮, jamo -> 가, 𝐀, 🙂
characters = st.one_of(st.sampled_from(SPECIAL), st.characters(exclude_categories=("Cs",)),
                       st.sampled_from("the cat sat on a mat, Quite QUITE"))
texts = st.lists(characters, max_size=24).map("".join)


@pytest.mark.parametrize("model", MODELS, ids=name)
def test_generated_text(models, model):
    ours, reference, _ = models[model]

    @settings(max_examples=examples(60), deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(text=texts)
    def check(text):
        assert_same(ours, reference, [text], f"sentencepiece.load, {name(model)}: generated text")

    check()


@pytest.mark.parametrize("model", [("bpe", "nmt_nfkc"), ("unigram", "nmt_nfkc"), ("bpe", "identity")], ids=name)
def test_bytes_that_are_not_utf8(models, model):
    """A byte that is not UTF-8 becomes U+FFFD without a look-up in the map (nmt_nfkc makes a typed U+FFFD a
    space), as SentencePiece reads bytes."""
    ours, reference, _ = models[model]

    @settings(max_examples=examples(60), deadline=None, database=None)
    @given(data=st.binary(max_size=12) | st.sampled_from([b"a\xffb", b"\xe6\x97a", b"\xed\xa0\x80", b"\xc0\x80"]))
    def check(data):
        assert ours.encode(data) == reference.encode(data), data
        assert ours.encode_pieces(data) == reference.encode(data, out_type=str), data

    check()


def test_the_issue_examples(models):
    """The texts the issue measured: a tab, CR and U+200B are spaces in nmt_nfkc, a control character vanishes."""
    ours, reference, _ = models["bpe", "nmt_nfkc"]
    for text in ["\treturn result", "a\rb", "a\u200bb", "a\x7fb", "a\u200db"]:
        assert ours.encode_pieces(text) == reference.encode(text, out_type=str), text
    assert ours.encode_pieces("\treturn result")[0] != "▁"  # the tab became a leading space, and went
    assert ours.normalize("a\u200bb") == "▁a▁b" and ours.normalize("a\x7fb") == "▁ab"
    assert ours.normalize(b"a\xff") == "▁a\ufffd" and ours.normalize("a\ufffd") == "▁a"  # a typed U+FFFD is a space


def test_the_rules_differ(models):
    """What each normaliser does to one text: nmt_ maps whitespace and control characters, _cf folds case, a TSV
    does what it says."""
    text = "\tQuite ﬁne\u200b ＡＢ"
    seen = {rule: models["unigram", rule][0].normalize(text) for rule in RULES}
    assert seen["identity"] == "▁\tQuite▁ﬁne\u200b▁ＡＢ"
    assert seen["nfkc"] == "▁\tQuite▁fine\u200b▁AB"
    assert seen["nmt_nfkc"] == "▁Quite▁fine▁AB"
    assert seen["nmt_nfkc_cf"] == "▁quite▁fine▁ab"
    assert seen["rule TSV"] == "▁Kwite▁fine\u200b▁ＡＢ"


@pytest.mark.parametrize("rule", [rule for rule in RULES if rule != "identity"])
def test_a_rule_starts_at_or_just_before_a_mark(models, rule):
    """The normaliser skips to the characters CharsMap.rule_marks names: every one-character key is one, and so is
    the second character of every longer key that Unicode's decompositions spell (e + U+0301, < + U+0338)."""
    charsmap = models["unigram", rule][0].normalizer.charsmap
    marks = charsmap.rule_marks
    for code in [*range(1, 0xD800), *range(0xE000, 0x10000)]:
        char = chr(code)
        if charsmap.longest_match(char, 0) is not None:
            assert char in marks, f"{rule}: U+{code:04X} starts a rule"
        parts = unicodedata.normalize("NFD", char)
        if len(parts) > 1 and (found := charsmap.longest_match(parts, 0)) is not None and found[1] > 1:
            assert parts[0] in marks or parts[1] in marks, f"{rule}: a rule starts with {parts!r}"


def test_the_file_is_read_once(models, monkeypatch):
    _, _, path = models["bpe", "nmt_nfkc"]
    calls = []
    parse = model_file.parse
    monkeypatch.setattr(model_file, "parse", lambda data: calls.append(1) or parse(data))
    sentencepiece.load(path)
    assert calls == [1]


SWITCHES = {  # name -> SentencePieceTrainer options
    "whitespace as a suffix": {"treat_whitespace_as_suffix": True},
    "spaces kept": {"remove_extra_whitespaces": False},
    "no dummy prefix": {"add_dummy_prefix": False},
    "suffix, spaces kept": {"treat_whitespace_as_suffix": True, "remove_extra_whitespaces": False},
    "user-defined and control pieces": {"user_defined_symbols": ["<sep>", "Mr.", "ing"], "control_symbols": ["<cls>"]},
    "byte fallback, coverage 0.98": {"byte_fallback": True, "character_coverage": 0.98},
    "another unknown surface": {"unk_surface": "<?>"},
}
SWITCH_TEXTS = ["  leading  and   inner  ", "    def __init__(self):", "Mr. Darcy<sep>said <cls> nothing", "▁a", "a▁",
                " ", "", "naïve 東京 🙂", "\tx", "<s> </s> <unk>", "ĳ ＡＢ"]


@pytest.mark.parametrize("model_type", ["bpe", "unigram"])
@pytest.mark.parametrize("switch", list(SWITCHES))
def test_the_switches_a_model_carries(lines, model_type, switch, tmp_path):
    path = tmp_path / "m.model"
    path.write_bytes(train(lines[:1500], model_type=model_type, vocab_size=600, **SWITCHES[switch]))
    ours, reference = sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path))
    udhr = udhr_lines()
    assert_same(ours, reference, SWITCH_TEXTS + udhr[::10] + lines[1500:1700],
                f"sentencepiece.load, {model_type}: switches ({switch})")


def test_decode_rules(lines, tmp_path):
    """A model trained with decode rules (a denormaliser: here "a" -> "A") applies them when decoding."""
    (tmp_path / "decode.tsv").write_text("61\t41\n", encoding="utf-8")
    path = tmp_path / "m.model"
    path.write_bytes(train(lines[:1500], model_type="unigram", vocab_size=600,
                           denormalization_rule_tsv=str(tmp_path / "decode.tsv")))
    ours, reference = sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path))
    assert ours.decode(ours.encode("a cat")) == reference.decode(reference.encode("a cat")) == "A cAt"
    assert_same(ours, reference, SWITCH_TEXTS + lines[1500:1600], "sentencepiece.load: decode rules")


@pytest.mark.parametrize("model_type", ["bpe", "unigram"])
def test_unused_pieces_are_never_chosen(models, model_type, tmp_path):
    """Pieces marked unused (a third of the longer ones, by hand): Unigram never chooses one, BPE merges into one and
    splits it back, as SentencePiece does."""
    found = model_file.read(models[model_type, "nmt_nfkc"][2])
    found.pieces = [(piece, score, 5 if kind == 1 and len(piece) > 2 and i % 3 == 0 else kind)
                    for i, (piece, score, kind) in enumerate(found.pieces)]
    path = tmp_path / "unused.model"
    path.write_bytes(model_file.serialize(found))
    ours, reference = sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path))
    udhr = udhr_lines()
    assert_same(ours, reference, udhr[::5], f"sentencepiece.load, {model_type}: unused pieces")
    unused = {piece for piece, _, kind in found.pieces if kind == 5}
    assert not unused & {piece for line in udhr[::5] for piece in ours.encode_pieces(line)}


def test_a_model_written_back_is_the_same_model(models, tmp_path):
    """model_file.write writes a loaded model with its character map: SentencePiece reads the copy as the original."""
    ours, reference, _ = models["bpe", "nmt_nfkc_cf"]
    copy = spm.SentencePieceProcessor(model_file=str(model_file.write(ours, tmp_path / "copy.model")))
    texts = ["ＡＢ ﬁne\tQuite", "Straße İstanbul"]
    assert all(copy.encode(text) == reference.encode(text) == ours.encode(text) for text in texts)


@pytest.mark.parametrize("model_type", ["word", "char"])
def test_other_model_types_are_refused(lines, model_type, tmp_path):
    path = tmp_path / f"{model_type}.model"
    path.write_bytes(train(lines[:300], model_type=model_type, vocab_size=300 if model_type == "word" else 60))
    with pytest.raises(ValueError, match=rf"{model_type}\.model holds a SentencePiece model with "
                                         rf"model_type={model_type}, which bpe_lab does not run"):
        sentencepiece.load(path)


def field_ends(data: bytes) -> set[int]:
    """Where each field of a .model's top-level message ends (each is a message: a key, a length, that many
    bytes). A file cut there is a shorter whole message; cut anywhere else, a field is cut short."""
    ends, i = set(), 0
    while i < len(data):
        _, i = model_file.varint(data, i)
        length, i = model_file.varint(data, i)
        i += length
        ends.add(i)
    return ends


def damaged_at(data: bytes, charsmap: bytes, where: str) -> list[int]:
    """The byte positions test_damaged_files cuts the file at, and changes. The file: the pieces (12 KB), the
    trainer spec (10 bytes), the normaliser spec's name and lengths, then the character map: 4 bytes of size, the
    trie (179 KB), the strings its rules give (60 KB)."""
    start = data.index(charsmap)
    trie_end, end = start + 4 + int.from_bytes(charsmap[:4], "little"), start + len(charsmap)
    if where == "every field's start":  # the first piece, the last, each field's key and length, the trie's size
        return sorted({*range(16), *range(start - 40, start + 8), *range(end, len(data))})

    def spread(begin, stop, count):
        return range(begin, stop, max(1, (stop - begin) // count))

    return sorted({*spread(16, start - 40, 60), *spread(start + 8, trie_end, 60), *spread(trie_end, end, 60)})


@pytest.mark.parametrize("where", ["every field's start", pytest.param("throughout", marks=pytest.mark.slow)])
def test_damaged_files(models, where, tmp_path):
    """A .model cut anywhere, or with bytes changed: a FileFormatError naming the file, or a model that loads (a
    changed score or letter still makes a model; a .model has no checksum) and encodes or says what is damaged.
    Never another exception. Damaged at every byte of each field's start (the keys and lengths that say where the
    fields are, the first and last pieces, the trainer spec, the normaliser's name, the character map's size) and,
    slow, at 60 places in each of the pieces, the trie and the strings: each kind of damage in each field
    (read off the file by damaged_at, where a stride of 1/300 of the file put 15 places in the pieces and none in
    the trainer spec)."""
    _, _, path = models["unigram", "nmt_nfkc"]
    data = path.read_bytes()
    positions = damaged_at(data, model_file.read(path).normalizer["precompiled_charsmap"], where)
    damaged = tmp_path / "damaged.model"
    loads = same = clear = 0
    loaded_cuts = set()
    variants = [(cut, data[:cut]) for cut in positions] + \
        [(None, data[:i] + bytes([data[i] ^ 0x5A]) + data[i + 1 :]) for i in positions]
    for cut, variant in variants:
        damaged.write_bytes(variant)
        loads += 1
        try:
            model = sentencepiece.load(damaged)
            model.encode("Emma Woodhouse, handsome, clever, and rich, ＡＢ\t東京")
        except storage.FileFormatError as error:
            assert "damaged.model" in str(error)
            clear += 1
        except ValueError as error:  # damage in the character map shows when a text reaches it; another model type
            assert "damaged.model" in str(error)
            clear += 1
        else:
            same += variant == data
            if cut is not None:
                loaded_cuts.add(cut)
    record_fuzz(".model (sentencepiece.load)", loads, same, clear, 0)
    assert loaded_cuts <= field_ends(data)  # a cut file is refused, unless the cut falls between whole fields


# The quick path of a BPE model (sentencepiece/_batch.py): words merged alone, their ids kept, many new words merged
# at once by NumPy. Each test compares it with SentencePiece and with the readable path (normalise, merge_by_score
# over the whole text, spell the unknown pieces: Model._encode), on fresh models and on models that kept words.

LLAMA_STYLE = {"model_type": "bpe", "vocab_size": 2000, "byte_fallback": True, "split_digits": True,
               "normalization_rule_name": "identity", "remove_extra_whitespaces": False,
               "allow_whitespace_only_pieces": True}


def readable_ids(model, texts) -> list[list[int]]:
    """The ids of the readable path: the whole normalised text merged by merge_by_score, no words, no cache."""
    return [[piece_id for _, piece_id in model._encode(text)] for text in texts]


@pytest.fixture(scope="module")
def llama_style(lines, tmp_path_factory):
    """A Llama-style model (identity, spaces kept, whitespace-only pieces, digits split, byte fallback) trained on
    the novel and some Python: (the file, SentencePiece's processor)."""
    code = [line for _, text in corpus.python_source_files(300_000) for line in text.splitlines() if line.strip()]
    path = tmp_path_factory.mktemp("llama_style") / "llama_style.model"
    path.write_bytes(train(lines + code, **LLAMA_STYLE))
    return path, spm.SentencePieceProcessor(model_file=str(path))


def quick_models(models, llama_style):
    yield "Llama-style", llama_style[0], llama_style[1]
    for rule in RULES:
        yield f"bpe, {rule}", models["bpe", rule][2], models["bpe", rule][1]


@pytest.mark.slow  # 2 s each: 3,179 texts, 270,000 characters, seven models
@pytest.mark.parametrize("batch_chars", [0, 10**9], ids=["NumPy", "readable loop"])
def test_encode_batch_gives_the_ids_of_the_readable_path(models, llama_style, batch_chars, monkeypatch):
    """Every BPE model, every UDHR line and the novel's first 2,000: encode_batch on a fresh model (its new words
    merged by NumPy, or each by merge_by_score), then again (every word kept), and encode line by line. (In make
    check, assert_same compares encode_batch with SentencePiece on the UDHR lines that hold every character, for
    every BPE model.)"""
    monkeypatch.setattr(sentencepiece.bpe, "_BATCH_CHARS", batch_chars)
    udhr = udhr_lines()
    texts = udhr + corpus.load_text().splitlines()[:2000]
    for label, path, reference in quick_models(models, llama_style):
        ours = sentencepiece.load(path)
        assert ours._words is not None, f"{label}: the quick path is on for every model SentencePiece trains"
        expected = reference.encode(texts)
        assert ours.encode_batch(texts) == expected, label
        assert ours.encode_batch(texts[::-1]) == expected[::-1], label  # every word kept now
        assert [ours.encode(text) for text in texts[:300]] == expected[:300], label
        assert readable_ids(sentencepiece.load(path), texts[::7]) == expected[::7], label
        record_parity(f"sentencepiece encode_batch ({'NumPy' if batch_chars == 0 else 'readable'}), {label}",
                      len(texts), sum(map(len, expected)))


spaced = st.one_of(st.sampled_from([" ", "  ", "    ", "\t", "\n", "\r", "▁", "▁▁", " ▁", "\u3000", "\u00a0"]),
                   st.sampled_from(list("0123456789")), st.sampled_from(["東京", "Привет", "मनुष्य", "中文", "🙂", "é"]),
                   st.sampled_from(["the", " def", "Emma", "    return", "x = 1", "Mr.", "ing", "(self)"]),
                   st.characters(exclude_categories=("Cs",)))
spaced_texts = st.lists(st.lists(spaced, max_size=30).map("".join), min_size=1, max_size=12)


@pytest.mark.parametrize("model", ["Llama-style", "bpe, nmt_nfkc", "bpe, identity"])
def test_generated_text_full_of_spaces_digits_and_scripts(models, llama_style, model, monkeypatch):
    """Texts of spaces, tabs, digits and mixed scripts, a list at a time: encode_batch (every new word through
    NumPy), encode, and the readable path give SentencePiece's ids."""
    monkeypatch.setattr(sentencepiece.bpe, "_BATCH_CHARS", 0)
    path, reference = {label: (path, reference) for label, path, reference in quick_models(models, llama_style)}[model]
    ours = sentencepiece.load(path)

    @settings(max_examples=examples(60), deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(texts=spaced_texts)
    def check(texts):
        ours._word_ids.clear()  # a fresh model each time: its new words through NumPy
        expected = reference.encode(texts)
        assert ours.encode_batch(texts) == expected, texts
        assert [ours.encode(text) for text in texts] == expected, texts
        assert readable_ids(ours, texts) == expected, texts

    check()


def test_pieces_that_cross_words_turn_the_quick_path_off(lines, tmp_path):
    """Trained with split_by_whitespace=False, pieces hold "x▁": no place before a "▁" is firm, so the text is
    merged whole (model._words is None), and the ids are still SentencePiece's."""
    path = tmp_path / "crossing.model"
    path.write_bytes(train(lines[:1500], model_type="bpe", vocab_size=600, split_by_whitespace=False))
    ours, reference = sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path))
    assert any("▁" in piece[1:] for piece, _, _ in ours.pieces) and ours._words is None
    assert sentencepiece.load(path).encode_batch(SWITCH_TEXTS + lines[1500:1600]) == \
        reference.encode(SWITCH_TEXTS + lines[1500:1600])


def test_equal_scores(models, llama_style, tmp_path, monkeypatch):
    """Scores made equal in blocks of 40 (a model SentencePiece never trains, but can load): among equal scores the
    leftmost pair merges first, in NumPy's rounds as in merge_by_score and SentencePiece."""
    monkeypatch.setattr(sentencepiece.bpe, "_BATCH_CHARS", 0)
    for source in (llama_style[0], models["bpe", "nmt_nfkc"][2]):
        found = model_file.read(source)
        found.pieces = [(piece, float(score // 40 * 40) if kind == 1 else score, kind)
                        for piece, score, kind in found.pieces]
        path = tmp_path / "equal.model"
        path.write_bytes(model_file.serialize(found))
        ours, reference = sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path))
        udhr = udhr_lines()
        texts = udhr[::3] + corpus.load_text().splitlines()[:1000] + SWITCH_TEXTS
        expected = reference.encode(texts)
        assert ours.encode_batch(texts) == expected
        assert readable_ids(ours, texts[::5]) == expected[::5]


@pytest.mark.parametrize("change", ["deleted", "a control piece"])
def test_a_run_of_unknown_pieces_across_words(lines, change, tmp_path):
    """Without byte fallback a run of unknown characters is one <unk>, even across words: with "▁" deleted (or made
    a control piece, which SentencePiece does not merge or know either), "東 京" is one unknown run of three
    characters in two words."""
    source = tmp_path / "source.model"
    source.write_bytes(train(lines[:1500], model_type="bpe", vocab_size=600))
    found = model_file.read(source)
    found.pieces = [(piece, score, 3 if piece == "▁" else kind) for piece, score, kind in found.pieces
                    if piece != "▁" or change == "a control piece"]
    path = tmp_path / "no_space.model"
    path.write_bytes(model_file.serialize(found))
    ours, reference = sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path))
    texts = ["東 京", "東京 the 東", "a 東 京 b", "東  京", "the cat", " 東"]
    assert ours.encode_batch(texts) == reference.encode(texts) == readable_ids(ours, texts)
    assert ours.encode("東 京") == [ours.unk_id] and ours.encode_pieces("東 京") == ["▁東▁京"]


def test_the_kept_words_stay_bounded(models, monkeypatch):
    """Past the limit the kept words are forgotten, and the ids stay the same."""
    monkeypatch.setattr(sentencepiece.bpe, "_CACHE_LIMIT", 50)
    ours, reference, _ = models["bpe", "nmt_nfkc"]
    texts = corpus.load_text().splitlines()[:400]
    assert ours.encode_batch(texts) == reference.encode(texts)
    assert [ours.encode(text) for text in texts[:50]] == reference.encode(texts[:50])
    assert len(ours._word_ids) <= 50 + max(len(text.split()) + 1 for text in texts)


def test_encode_batch_of_a_unigram_model(models):
    ours, reference, _ = models["unigram", "nmt_nfkc"]
    texts = corpus.load_text().splitlines()[:300] + SWITCH_TEXTS + [b"a\xffb"]
    assert ours.encode_batch(texts) == reference.encode(texts)


# The quick path of a Unigram model (sentencepiece/unigram.py): words cut once by Viterbi in exact sums, used where
# SentencePiece's 32-bit rounding provably cannot change the cut (_certain), else the whole text by the readable
# Viterbi.

@pytest.mark.parametrize("rule", ["nmt_nfkc", "identity", "rule TSV"])
def test_unigram_words_are_cut_once(models, rule, monkeypatch):
    _, reference, path = models["unigram", rule]
    ours = sentencepiece.load(path)
    whole_texts = []
    segment = ours._segment
    monkeypatch.setattr(ours, "_segment", lambda text: whole_texts.append(text) or segment(text))
    udhr = udhr_lines()
    texts = corpus.load_text().splitlines() + udhr
    expected = reference.encode(texts)
    assert ours.encode_batch(texts) == expected
    assert [ours.encode(text) for text in texts[::11]] == expected[::11]
    assert len(whole_texts) < 0.02 * len(texts)  # nearly every text is its words' cuts end to end
    assert readable_ids(sentencepiece.load(path), texts[::13]) == expected[::13]
    record_parity(f"sentencepiece Unigram encode_batch, {rule}", len(texts), sum(map(len, expected)))


def test_unigram_equal_scores_are_never_certain(models, tmp_path):
    """Scores made equal in blocks (ties everywhere): a tie is a lead of 0, so those texts are cut whole, and the ids
    are still SentencePiece's (among equal scores the earlier start wins)."""
    found = model_file.read(models["unigram", "nmt_nfkc"][2])
    found.pieces = [(piece, float(round(score)) if kind == 1 else score, kind) for piece, score, kind in found.pieces]
    path = tmp_path / "equal.model"
    path.write_bytes(model_file.serialize(found))
    ours, reference = sentencepiece.load(path), spm.SentencePieceProcessor(model_file=str(path))
    texts = corpus.load_text().splitlines()[:2000] + SWITCH_TEXTS
    assert ours.encode_batch(texts) == reference.encode(texts)
    assert any(cut[1] == 0 for cut in ours._word_cuts.values())


def test_the_rounding_bound():
    """_certain: the smallest lead must beat (n + 1) * 2**(k - 22), 2**k above every score the text keeps."""
    from bpe_lab.sentencepiece.unigram import _certain

    assert _certain(100, (0.0004,), (-1000.0,), (1000.0,)) is False  # 101 * 2**(11 - 22) = 0.049
    assert _certain(100, (0.05,), (-1000.0,), (1000.0,)) is True
    assert _certain(0, (), (), ()) is True
    pieces = [("<unk>", 0.0, 2), ("a", float("-inf"), 1), ("▁", -1.0, 1)]
    assert sentencepiece.SentencePieceUnigram(pieces)._words is None  # a score that is not finite: no words
