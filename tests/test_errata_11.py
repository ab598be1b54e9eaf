"""Notebook 11's claims (issue 31), recomputed on the novel with bpe_lab, the held-out text scored as one sequence
(the notebook scores it in ten parts), and the Rényi efficiency from its formula with NumPy."""

import math
import random
import re
from collections import Counter

import numpy as np
import pytest

from bpe_lab import byte_level, corpus, lm, metrics, pretokenize, segmentation, unigram, wordpiece
from bpe_lab.tokenizer import Tokenizer


@pytest.fixture(scope="module")
def novel():
    """The notebook's split: the last tenth, from a line break on, held out; BPE trained once to 8,000; the BPE ids
    of each size, encoded once for every test (``bpe_ids``)."""
    text = corpus.load_text("pride_and_prejudice.txt")
    cut = text.rfind("\n", 0, int(len(text) * 0.9)) + 1
    train_text, held_out = text[:cut], text[cut:]
    return {"train": train_text, "held": held_out, "bytes": len(held_out.encode("utf-8")),
            "bpe": Tokenizer.train(train_text, 8000), "ids": {}}


def bpe_at(novel, size):
    return Tokenizer(novel["bpe"].merges[: size - 256])


def bpe_ids(novel, size):
    """(training ids, held-out ids) of BPE at ``size``: encoded by the first test that asks, shared by the others."""
    if size not in novel["ids"]:
        tok = bpe_at(novel, size)
        novel["ids"][size] = tok.encode(novel["train"]), tok.encode(novel["held"])
    return novel["ids"][size]


def each_chunk_once(segment):
    """chunks -> the ids of every chunk, ``segment(chunk)`` called once per distinct chunk (a cut depends on the
    chunk alone), however many lists of chunks are asked for."""
    done = {}

    def ids(chunks):
        for chunk in set(chunks) - done.keys():
            done[chunk] = segment(chunk)
        return [i for chunk in chunks for i in done[chunk]]

    return ids


def bits_per_byte(novel, train_ids, held_ids, vocab_size, order=3):
    model = lm.train([train_ids], order, vocab_size=vocab_size)
    return lm.bits_per_byte(model, [held_ids], novel["bytes"])


def bpe_bits(novel, size, order=3):
    return bits_per_byte(novel, *bpe_ids(novel, size), size, order)


def test_the_byte_model_and_what_follows_th(novel):
    """Section 1: an order-3 byte model needs far fewer than 8 bits per byte; after 'th' it expects 'e' most."""
    train_ids = list(novel["train"].encode("utf-8"))
    model = lm.train([train_ids], 3, vocab_size=256)
    after_th = model.distribution(tuple(b"th"))
    assert int(np.argmax(after_th)) == ord("e") and after_th[ord("e")] > 0.5
    assert 2 < bits_per_byte(novel, train_ids, list(novel["held"].encode("utf-8")), 256) < 3.5


def test_greedy_trainers_read_off_smaller_sizes(novel):
    """Section 2: BPE's and WordPiece's first merges of a longer run are the shorter run's (trained once, truncated)."""
    text = novel["train"][:100_000]
    assert Tokenizer.train(text, 600).merges == Tokenizer.train(text, 900).merges[:600 - 256]
    counts = Counter(byte_level.to_printable(chunk.encode("utf-8")) for chunk in pretokenize.split(text))
    small, large = wordpiece.fast_train(counts, 500, special_tokens=["[UNK]"]), \
        wordpiece.fast_train(counts, 800, special_tokens=["[UNK]"])
    assert small.vocab == large.vocab_after(500 - 1 - len(large.alphabet))


@pytest.mark.slow  # about 0.8 s: ten order-2 to 4 models on the whole novel
def test_the_curve_turns_and_moves_with_the_order(novel):
    """Section 2: order 3 is best at 2,000 of (500, 1,000, 2,000, 8,000) and every BPE beats bytes; the best size
    falls as the order grows (order 2 at 8,000, order 4 below 8,000)."""
    bits = {(order, size): bpe_bits(novel, size, order) for order in (2, 3, 4) for size in (1000, 2000, 8000)}
    bits[3, 500] = bpe_bits(novel, 500)
    best = {order: min((s for o, s in bits if o == order), key=lambda s: bits[order, s]) for order in (2, 3, 4)}
    assert best[3] == 2000 and bits[3, 500] > bits[3, 1000] > bits[3, 2000] < bits[3, 8000]
    assert best[2] == 8000 and best[4] < 8000 and best[2] >= best[3] >= best[4]


def test_unseen_contexts_grow_with_the_vocabulary(novel):
    """Section 2: the share of held-out three-token sequences never seen in training grows with the size."""
    shares = []
    for size in (500, 2000, 8000):
        train_ids, held_ids = bpe_ids(novel, size)
        seen = set(zip(train_ids, train_ids[1:], train_ids[2:]))
        grams = list(zip(held_ids, held_ids[1:], held_ids[2:]))
        shares.append(sum(gram not in seen for gram in grams) / len(grams))
    assert shares == sorted(shares) and shares[-1] > 2 * shares[0]


def renyi(counts, vocab_size, alpha=2.5):
    p = np.array(list(counts.values()), dtype=float)
    p /= p.sum()
    return math.log(float(np.sum(p ** alpha))) / (1 - alpha) / math.log(vocab_size)


def test_renyi_efficiency_peaks_at_the_smallest_size(novel):
    """Section 3: BPE's Rényi efficiency (alpha = 2.5) falls from 500 to 8,000 tokens, where bits per byte do not.
    Self-check 4: at 8,000, the most frequent held-out tokens are still a line break, ',' and '.'."""
    values = []
    for size in (500, 1000, 2000, 8000):
        tok = bpe_at(novel, size)
        counts = Counter(bpe_ids(novel, size)[1])
        values.append(renyi(counts, size))
        assert values[-1] == pytest.approx(metrics.renyi_efficiency(counts, size), rel=1e-12)
    assert values == sorted(values, reverse=True)
    assert {tok.token_bytes(i) for i, _ in counts.most_common(3)} == {b"\n", b",", b"."}


def test_fewest_tokens_save_little_and_help_at_8000(novel):
    """Section 4: the fewest-token cut of the same vocabulary takes under 1 % fewer tokens at 2,000 and 8,000, and at
    8,000 the model needs fewer bits per byte with it."""
    train_chunks, held_chunks = pretokenize.split(novel["train"]), pretokenize.split(novel["held"])
    for size in (2000, 8000):
        tok = bpe_at(novel, size)
        vocab = segmentation.prepare_vocab(tok.vocab)
        token_id = {token: i for i, token in reversed(list(enumerate(tok.vocab)))}
        cut = each_chunk_once(lambda chunk: [token_id[piece] for piece in
                                             segmentation.fewest_tokens(chunk.encode("utf-8"), vocab)])
        fewest_train, fewest_held = cut(train_chunks), cut(held_chunks)
        usual_train, usual_held = bpe_ids(novel, size)
        assert 0.99 * len(usual_held) < len(fewest_held) < len(usual_held)
        if size == 8000:
            assert bits_per_byte(novel, fewest_train, fewest_held, size) < \
                bits_per_byte(novel, usual_train, usual_held, size) - 0.005


@pytest.mark.slow  # about 2.8 s: dropout on every training chunk; Unigram trained, sampled on half
def test_random_segmentations_cost_an_ngram_model_bits(novel):
    """Section 5: trained on BPE-dropout (p = 0.1) or Unigram samples (alpha = 0.5) and measured on the usual cut, the
    model needs more bits per byte than trained on the usual cut; the usual model on dropout cuts, most of all."""
    train_chunks = pretokenize.split(novel["train"])
    tok = bpe_at(novel, 2000)
    usual_train, usual_held = bpe_ids(novel, 2000)
    token_id = {token: i for i, token in reversed(list(enumerate(tok.vocab)))}
    merges, rng = segmentation.prepare_merges(tok.merges), random.Random(3)

    def dropped(chunks):
        return [token_id[p] for c in chunks for p in segmentation.bpe_dropout(c.encode("utf-8"), merges, 0.1, rng)]

    usual = bits_per_byte(novel, usual_train, usual_held, 2000)
    on_dropout = bits_per_byte(novel, dropped(train_chunks), usual_held, 2000)
    usual_on_dropout = bits_per_byte(novel, usual_train, dropped(pretokenize.split(novel["held"])), 2000)
    assert usual < on_dropout < usual_on_dropout

    def printable(chunk):
        return byte_level.to_printable(chunk.encode("utf-8"))

    log_probs = unigram.train(Counter(map(printable, train_chunks)), 2000, seed_factor=4, em_iterations=1,
                              space="").log_probs
    vocab, piece_id = unigram.Vocabulary(log_probs), {piece: i for i, piece in enumerate(sorted(log_probs))}
    half = train_chunks[: len(train_chunks) // 2]  # half the training text keeps the test quick: the same comparison
    viterbi_ids = each_chunk_once(lambda c: [piece_id[p] for p in unigram.viterbi(printable(c), vocab)[0]])
    held, usual_ids = viterbi_ids(pretokenize.split(novel["held"])), viterbi_ids(half)
    sampled_ids = [piece_id[p] for seed, c in enumerate(half) for p in unigram.sample(printable(c), vocab, 0.5, seed)]
    assert bits_per_byte(novel, usual_ids, held, 2000) < bits_per_byte(novel, sampled_ids, held, 2000)


@pytest.mark.slow  # about 0.9 s: SuperBPE's second stage over the novel
def test_superwords_compress_more_and_cost_bits(novel):
    """Section 6: GPT-2's pattern keeps a space at the start of a chunk, so no BPE token holds whitespace between two
    other characters (as in ' of the'); 2,000 superword merges on top of the first 2,000 tokens hold ' of the' and
    ', and', compress more than BPE at 4,000, and cost the order-3 model bits per byte."""
    assert not any(re.search(rb"\S\s+\S", token) for token in novel["bpe"].vocab)
    stage_one = novel["bpe"].merges[: 2000 - 256]
    stage_two = segmentation.superword_merges(novel["train"], stage_one, 2000)
    assert {b" of the", b", and"} <= {left + right for left, right in stage_two}
    both = Tokenizer(stage_one + stage_two, segmentation.SUPERWORD_PATTERN)
    (usual_train, usual_held), super_held = bpe_ids(novel, 4000), both.encode(novel["held"])
    assert len(super_held) < 0.9 * len(usual_held)
    assert bits_per_byte(novel, both.encode(novel["train"]), super_held, 4000) > \
        bits_per_byte(novel, usual_train, usual_held, 4000)
