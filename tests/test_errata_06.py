"""Notebook 06's corrected claims (issue 28), recomputed with SentencePiece (its Botchan model from data/ and
models it trains here) and Python's math module, offline."""

import io
import math
import re
import struct
import unicodedata

import pytest
import sentencepiece as spm

from bpe_lab import corpus
from bpe_lab.sentencepiece import model_file as sentencepiece_file

TRAINING_TEXT = corpus.load_text("pride_and_prejudice.txt")[:60_000]  # section 4.3's text


def sentencepiece_unigram(capfd=None, **options):
    """SentencePiece's Unigram trained on section 4.3's text as section 6 trains it (800 pieces + 3 meta)."""
    buffer = io.BytesIO()
    settings = dict(model_type="unigram", vocab_size=803, normalization_rule_name="identity", minloglevel=2)
    settings.update(options)
    spm.SentencePieceTrainer.train(sentence_iterator=iter(line for line in TRAINING_TEXT.splitlines() if line.strip()),
                                   model_writer=buffer, **settings)
    return spm.SentencePieceProcessor(model_proto=buffer.getvalue())


def probability_sum(processor):
    normal = [i for i in range(processor.get_piece_size())
              if not (processor.is_control(i) or processor.is_unknown(i) or processor.is_unused(i))]
    return sum(math.exp(processor.get_score(i)) for i in normal)


@pytest.mark.parametrize("word, pairs, distinct", [
    ("tokenization", 78, 74), ("internationalization", 210, 188), ("antidisestablishmentarianism", 406, 385)])
def test_viterbi_looks_at_pairs_not_distinct_substrings(word, pairs, distinct):
    """Cells 20/21: the (start, end) pairs are n(n+1)/2; the cell had printed the distinct substrings."""
    spans = [(i, j) for i in range(len(word)) for j in range(i + 1, len(word) + 1)]
    assert len(spans) == len(word) * (len(word) + 1) // 2 == pairs
    assert len({word[i:j] for i, j in spans}) == distinct


def test_a_real_sentencepiece_model_sums_to_less_than_one():
    """Cell 7: 'A Unigram vocabulary's probabilities sum to 1' -> not SentencePiece's: the Botchan model, 0.989."""
    botchan = spm.SentencePieceProcessor(model_file=str(corpus.data_path("botchan_en_unigram_1000.model")))
    assert round(probability_sum(botchan), 3) == 0.989


def _digamma(x, h=1e-5):
    """psi(x) from math.lgamma by a central difference: independent of the notebook's series."""
    return (math.lgamma(x + h) - math.lgamma(x - h)) / (2 * h)


def test_the_digamma_m_step_leaves_the_sum_below_one():
    """Section 6: exp(psi(c) - psi(T)) sums to less than 1, about (T - V/2) / (T - 1/2), and exp(psi(c)) ~ c - 1/2."""
    assert abs(_digamma(1) + 0.5772156649) < 1e-6  # psi(1) = -(Euler's constant)
    assert all(abs(math.exp(_digamma(c)) - (c - 0.5)) < 0.07 for c in [1, 2, 5, 50])
    counts = [0.6, 1, 2, 3, 5, 8, 13, 40, 100, 1000]
    total = sum(counts)
    bayes = sum(math.exp(_digamma(c) - _digamma(total)) for c in counts)
    assert bayes < 1 and abs(bayes - (total - len(counts) / 2) / (total - 0.5)) < 0.01
    # Jensen: each weight is below its plain maximum-likelihood share c / T
    assert all(math.exp(_digamma(c) - _digamma(total)) < c / total for c in counts)


def test_sentencepiece_prunes_after_its_last_em_step(capfd):
    """Section 6: the model trained on section 4.3's text sums to 0.907, lower than digamma alone (0.978): after
    its last EM step SentencePiece drops pieces without renormalising (its log: EM at a size, then a pruning)."""
    processor = sentencepiece_unigram(minloglevel=0, character_coverage=1.0, split_by_unicode_script=False,
                                      split_by_number=False)
    log = capfd.readouterr().err
    assert round(probability_sum(processor), 3) == 0.907
    em_sizes = [int(size) for size in re.findall(r"EM sub_iter=\d+ size=(\d+)", log)]
    # the last EM step ran on more pieces than training stops at (1.1 x the vocabulary size): a pruning round
    # followed it, then the trim to the vocabulary size, neither renormalised
    assert em_sizes and em_sizes[-1] > int(803 * 1.1) > 800


def test_sentencepiece_by_default_splits_at_scripts_unlike_ours():
    """Cell 22's new rows: by default no piece mixes letters with punctuation; switched off, '▁Mr.' appears."""
    def mixed(processor):
        pieces = [processor.id_to_piece(i) for i in range(processor.get_piece_size()) if not processor.is_control(i)]
        return {piece for piece in pieces if any(c.isalpha() for c in piece)
                and any(unicodedata.category(c).startswith("P") for c in piece)}

    assert mixed(sentencepiece_unigram()) == set()
    assert "▁Mr." in mixed(sentencepiece_unigram(split_by_unicode_script=False, split_by_number=False,
                                                 character_coverage=1.0))


def _trainer_spec(data: bytes) -> dict:
    """A ModelProto's trainer spec (field 2) as field number -> value (a float for 32-bit fields)."""
    spec = {}
    for number, wire, value in sentencepiece_file.fields(data):
        if number == 2 and wire == 2:
            for field, field_wire, field_value in sentencepiece_file.fields(value):
                spec[field] = struct.unpack("<f", field_value)[0] if field_wire == 5 else field_value
    return spec


def test_the_sentencepiece_defaults_the_table_quotes():
    """Cell 22's table: character_coverage 0.9995, seed_sentencepiece_size 1,000,000, shrinking_factor 0.75,
    num_sub_iterations 2, max_sentencepiece_length 16, split_by_unicode_script on, as the Botchan model's trainer
    spec records them (SentencePiece then wrote its defaults out); the default normaliser is nmt_nfkc."""
    spec = _trainer_spec(corpus.data_path("botchan_en_unigram_1000.model").read_bytes())
    assert round(spec[10], 4) == 0.9995 and spec[14] == 1_000_000 and spec[15] == 0.75
    assert (spec[17], spec[20], spec[21]) == (2, 16, 1)
    buffer = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(["a tiny text", "to train on"] * 50), model_writer=buffer,
                                   model_type="unigram", vocab_size=15, minloglevel=2)
    normalizer = [value for number, wire, value in sentencepiece_file.fields(buffer.getvalue()) if number == 3]
    assert [v for f, _, v in sentencepiece_file.fields(normalizer[0]) if f == 1] == [b"nmt_nfkc"]
