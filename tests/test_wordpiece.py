"""WordPiece: training by each score (likelihood gain, ratio, frequency; readable and fast, the same steps),
MaxMatch equal to Hugging Face tokenizers'. The BERT pipeline around it: tests/test_bert.py."""

from collections import Counter

import pytest
from conftest import examples, record_parity
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer, models, pre_tokenizers

from bpe_lab import bert, corpus, wordpiece


def novel_words(chars: int) -> Counter:
    """The words of the novel's first ``chars`` characters, as BERT splits them, with their counts."""
    return Counter(word for line in corpus.load_text()[:chars].splitlines()
                   for word in bert.bert_pre_tokenize(bert.bert_normalize(line)))


@pytest.fixture(scope="module")
def trained():
    # fast_train learns train's very steps (the tests below; on these words at 500 pieces too: checked once,
    # vocabulary and every step's pair, score and counts), in 0.1 s instead of 5 s
    return wordpiece.fast_train(novel_words(120_000), 500, score="ratio")


def test_maxmatch_equals_tokenizers_on_a_vocabulary_we_trained(trained):
    vocab = {piece: i for i, piece in enumerate(trained.vocab)}
    model = Tokenizer(models.WordPiece(vocab=vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    model.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    words = set()
    for text in [corpus.load_text()] + [entry["text"] for entry in corpus.load_udhr().values()]:
        words.update(bert.bert_pre_tokenize(bert.bert_normalize(text)))
    pieces = 0
    for word in sorted(words):
        ours = wordpiece.tokenize(word, vocab)
        assert ours == model.encode(word, add_special_tokens=False).tokens, word
        pieces += len(ours)
    record_parity("WordPiece MaxMatch vs tokenizers (our 500-piece vocabulary)", len(words), pieces)


def test_training_trace_and_scores(trained):
    first = trained.steps[0]
    assert first.score == first.count / (first.left_count * first.right_count)
    result = wordpiece.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 15, score="ratio")
    # by hand: ##g+##s scores 5 / (20 x 5) = 0.05, the best; then six pairs tie at 1/36, and p+##u has the highest count
    assert result.steps[0].pair == ("##g", "##s") and result.steps[0].score == 0.05
    assert (result.steps[0].count, result.steps[0].left_count, result.steps[0].right_count) == (5, 20, 5)
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


def test_likelihood_gain_is_the_change_in_log_likelihood():
    """The gain of each candidate pair, against the log-likelihood of the corpus computed before and after."""
    import math

    def log_likelihood(words):
        counts = Counter(piece for word, n in words.items() for piece in word for _ in range(n))
        total = sum(counts.values())
        return sum(c * math.log(c / total) for c in counts.values())

    words = {wordpiece.word_symbols(w): n for w, n in {"aaaa": 3, "hug": 10, "hugs": 5, "ahug": 2}.items()}
    words[("hu", "##g")] = 4  # the piece "hug" can come from ('h', '##ug') and from ('hu', '##g')
    words[("h", "##ug")] = 1
    pair_counts, made, symbol_counts = wordpiece._counts(words)
    total = sum(symbol_counts.values())
    assert made[("##a", "##a")] == 3 and pair_counts[("##a", "##a")] == 6  # "a a a" merges once, counts twice
    for pair, count in pair_counts.items():
        gain = wordpiece._score("likelihood", pair, count, made[pair], symbol_counts, total)
        merged = Counter()  # two spellings of "hug" become one word: add their counts
        for w, n in words.items():
            merged[wordpiece._merge(w, *pair, wordpiece._join(*pair))] += n
        assert gain == pytest.approx(log_likelihood(merged) - log_likelihood(words), abs=1e-9), pair


def test_the_three_scores_disagree_and_likelihood_is_the_default():
    hug = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    assert wordpiece.train(hug, 15).score == "likelihood"
    assert wordpiece.train(hug, 15).merges == wordpiece.train(hug, 15, score="likelihood").merges
    firsts = {score: wordpiece.train(hug, 15, score=score).merges[0] for score in wordpiece.SCORES}
    assert firsts["ratio"] == ("##g", "##s") and firsts["frequency"] == ("##u", "##g")
    with pytest.raises(ValueError, match="score must be one of"):
        wordpiece.train(hug, 15, score="pmi")


# --- The fast trainer learns exactly what the readable one learns ---------------------------------

@settings(max_examples=examples(300), deadline=None)
@given(corpus_=st.dictionaries(st.text(alphabet="abcd", min_size=1, max_size=8), st.integers(1, 6),
                                min_size=1, max_size=8),
        extra=st.integers(min_value=0, max_value=25),
        score=st.sampled_from(wordpiece.SCORES))
def test_fast_train_equals_train(corpus_, extra, score):
    alphabet = {s for w in corpus_ for s in wordpiece.word_symbols(w)}
    size = 5 + len(alphabet) + extra
    slow, fast = wordpiece.train(corpus_, size, score=score), wordpiece.fast_train(corpus_, size, score=score)
    assert fast.vocab == slow.vocab
    assert [(s.pair, s.score, s.count, s.left_count, s.right_count, s.new_piece) for s in fast.steps] == \
        [(s.pair, s.score, s.count, s.left_count, s.right_count, s.new_piece) for s in slow.steps]


@pytest.mark.parametrize("score", wordpiece.SCORES)
def test_fast_train_equals_train_on_real_text(score):
    """The novel's first 10,000 characters to 180 pieces (116 steps). Counted while choosing the size (not here),
    they hold every kind of step the first 60,000 to 400 (331 steps) held, for each score, dozens of each:
    score ties (broken by count, and by the pair), merges of a piece with itself, pieces falling below their
    floor, exact entries refreshed, and pop_best's stale entries pushed back, dead pairs and older entries
    dropped; at a third of the cost (train recounts everything at every step)."""
    words = novel_words(10_000)
    slow = wordpiece.train(words, 180, special_tokens=["[UNK]"], score=score)
    fast = wordpiece.fast_train(words, 180, special_tokens=["[UNK]"], score=score)
    assert len(slow.steps) > 100 and fast.vocab == slow.vocab
    assert [(s.pair, s.score, s.count) for s in fast.steps] == [(s.pair, s.score, s.count) for s in slow.steps]


@settings(max_examples=examples(500), deadline=None)
@given(made=st.integers(1, 10**6), left_extra=st.integers(0, 10**6), right_extra=st.integers(0, 10**6),
       left_fall=st.integers(0, 10**6), right_fall=st.integers(0, 10**6), piece=st.integers(0, 10**6),
       others=st.integers(0, 10**7), merged_since=st.integers(0, 10**6), same=st.booleans())
def test_a_gain_scored_with_floors_is_above_the_gain(made, left_extra, right_extra, left_fall, right_fall, piece,
                                                      others, merged_since, same):
    """fast_train scores most entries with a floor for each piece's count, and N as it was then: the gain with
    lower counts of a and b (down to what the pair needs) and a higher N is at least the gain now."""
    left = (2 * made if same else made) + left_extra
    right = left if same else made + right_extra
    total = left + (0 if same else right) + piece + others  # N now
    gain = wordpiece.likelihood_gain(made, left, right, piece, total, same=same)
    left_floor = max(left - left_fall, 2 * made if same else made)
    right_floor = left_floor if same else max(right - right_fall, made)
    scored = wordpiece.likelihood_gain(made, left_floor, right_floor, piece, total + merged_since, same=same)
    assert gain <= scored
