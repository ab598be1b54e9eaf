"""WordPiece: training by likelihood score, MaxMatch, and the BERT pipeline equal to Hugging Face tokenizers'."""

import unicodedata
from collections import Counter

import pytest
from conftest import record_parity
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

from bpe_lab import corpus, wordpiece

BERT_VOCAB = corpus.data_path("bert-base-uncased-vocab.txt")


def hf_bert(vocab: dict) -> Tokenizer:
    """tokenizers' uncased BERT pipeline (BertNormalizer, BertPreTokenizer, WordPiece), built offline."""
    tokenizer = Tokenizer(models.WordPiece(vocab=vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    tokenizer.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True,
                                                      strip_accents=None, lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tokenizer


@pytest.fixture(scope="module")
def bert():
    return wordpiece.BertTokenizer(BERT_VOCAB)


@pytest.fixture(scope="module")
def reference(bert):
    return hf_bert(bert.vocab)


def _compare(bert, reference, texts, label):
    pieces = 0
    for text in texts:
        expected = reference.encode(text, add_special_tokens=False)
        ours = bert.tokenize(text)
        assert ours == expected.tokens, f"{label}: pieces differ for {text[:80]!r}"
        assert bert.encode(text) == expected.ids
        pieces += len(ours)
    record_parity(f"BERT WordPiece vs tokenizers: {label}", len(texts), pieces)


def test_every_line_of_the_novel(bert, reference):
    _compare(bert, reference, corpus.load_text().splitlines(), "lines of pride_and_prejudice.txt")


def test_every_line_of_the_udhr(bert, reference):
    lines = [line for entry in corpus.load_udhr().values() for line in entry["text"].split("\n")]
    _compare(bert, reference, lines, "lines of the UDHR (20 languages)")


# BERT's clean-up and accent stripping depend on Unicode categories. tokenizers takes them from Unicode
# 9.0 tables, this Python from its own newer ones, and characters added in between (a Znamenny musical
# mark, U+1CF00, say) are classified differently. Generated text therefore uses characters that were
# already assigned in Unicode 3.2 (the oldest tables Python keeps), whose categories both agree on.
assigned = st.characters(exclude_categories=("Cn", "Cs")).filter(lambda c: unicodedata.ucd_3_2_0.category(c) != "Cn")


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet=assigned, max_size=60))
def test_generated_text(bert, reference, text):
    _compare(bert, reference, [text], "hypothesis-generated text")


def test_known_pieces(bert):
    assert bert.tokenize("Tokenization is unhelpfully complicated!") == [
        "token", "##ization", "is", "un", "##hel", "##pf", "##ull", "##y", "complicated", "!"]
    # accents stripped, whitespace made spaces, and a final capital sigma lower-cased letter by letter (σ, not ς)
    assert wordpiece.bert_normalize("Café\tΟΔΟΣ") == "cafe οδοσ"
    assert bert.tokenize("a" * 101) == ["[UNK]"]


@pytest.fixture(scope="module")
def trained():
    words = Counter(word for line in corpus.load_text()[:120_000].splitlines()
                    for word in wordpiece.bert_pre_tokenize(wordpiece.bert_normalize(line)))
    return wordpiece.train(words, 500)


def test_maxmatch_equals_tokenizers_on_a_vocabulary_we_trained(trained):
    vocab = {piece: i for i, piece in enumerate(trained.vocab)}
    model = Tokenizer(models.WordPiece(vocab=vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    model.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    words = set()
    for text in [corpus.load_text()] + [entry["text"] for entry in corpus.load_udhr().values()]:
        words.update(wordpiece.bert_pre_tokenize(wordpiece.bert_normalize(text)))
    pieces = 0
    for word in sorted(words):
        ours = wordpiece.tokenize(word, vocab)
        assert ours == model.encode(word, add_special_tokens=False).tokens, word
        pieces += len(ours)
    record_parity("WordPiece MaxMatch vs tokenizers (our 500-piece vocabulary)", len(words), pieces)


def test_training_trace_and_scores(trained):
    first = trained.steps[0]
    assert first.score == first.count / (first.left_count * first.right_count)
    result = wordpiece.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 15)
    # by hand: ##g+##s scores 5 / (20 x 5) = 0.05, the best; then six pairs tie at 1/36, and p+##u has the highest count
    assert result.steps[0].pair == ("##g", "##s") and result.steps[0].score == 0.05
    assert result.steps[1].pair == ("p", "##u") and result.steps[1].count == 17
    assert result.vocab[:5] == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    assert wordpiece.tokenize("hugs", result.vocab) == ["hu", "##gs"]


def test_maxmatch_steps():
    steps = []
    vocab = {"[UNK]", "token", "##ization", "##iz", "##ation", "t"}
    assert wordpiece.tokenize("tokenization", vocab, steps=steps) == ["token", "##ization"]
    assert steps[0] == (0, "tokenization", False) and (0, "token", True) in steps


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: wordpiece.tokenize("word", set()), ValueError, "vocab is empty"),
        (lambda: wordpiece.tokenize("word", {"w", "##o"}), ValueError, r"has no '\[UNK\]'"),
        (lambda: wordpiece.tokenize("two words", {"[UNK]"}), ValueError, "one word without whitespace"),
        (lambda: wordpiece.tokenize("", {"[UNK]"}), ValueError, "one word without whitespace"),
        (lambda: wordpiece.tokenize(5, {"[UNK]"}), TypeError, "word must be a str"),
        (lambda: wordpiece.tokenize("word", "[UNK]"), TypeError, "vocab must be a set"),
        (lambda: wordpiece.train({"hug": 3}, 5), ValueError, "vocab_size must be at least 8"),
        (lambda: wordpiece.train({"hug": 3}, 8.5), TypeError, "vocab_size must be a whole number"),
        (lambda: wordpiece.train({}, 50), ValueError, "corpus is empty"),
        (lambda: wordpiece.train({"two words": 1}, 50), ValueError, "without whitespace"),
        (lambda: wordpiece.train(42, 50), TypeError, "corpus must be a text"),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_damaged_vocab_file(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("[UNK]\nplay\nplay\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"vocab\.txt, line 3: a piece must be non-empty and listed once"):
        wordpiece.load_vocab(path)
    path.write_text("play\n##ing\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no '\\[UNK\\]'"):
        wordpiece.load_vocab(path)


# --- The fast trainer learns exactly what the readable one learns ---------------------------------




@settings(max_examples=300, deadline=None)
@given(corpus_=st.dictionaries(st.text(alphabet="abcd", min_size=1, max_size=8), st.integers(1, 6),
                                min_size=1, max_size=8),
        extra=st.integers(min_value=0, max_value=25))
def test_fast_train_equals_train(corpus_, extra):
    alphabet = {s for w in corpus_ for s in wordpiece.word_symbols(w)}
    size = 5 + len(alphabet) + extra
    slow, fast = wordpiece.train(corpus_, size), wordpiece.fast_train(corpus_, size)
    assert fast.vocab == slow.vocab
    assert [(s.pair, s.score, s.count, s.new_piece) for s in fast.steps] == \
        [(s.pair, s.score, s.count, s.new_piece) for s in slow.steps]


def test_fast_train_equals_train_on_real_text():
    words = Counter(word for line in corpus.load_text()[:60_000].splitlines()
                    for word in wordpiece.bert_pre_tokenize(wordpiece.bert_normalize(line)))
    slow = wordpiece.train(words, 400, special_tokens=["[UNK]"])
    fast = wordpiece.fast_train(words, 400, special_tokens=["[UNK]"])
    assert len(slow.steps) > 300 and fast.vocab == slow.vocab
    assert [(s.pair, s.score, s.count) for s in fast.steps] == [(s.pair, s.score, s.count) for s in slow.steps]
