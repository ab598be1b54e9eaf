"""bpe_lab.references: SentencePiece trained in a second process learns what it learns in this one."""

import pytest

from bpe_lab import corpus, references

pytest.importorskip("sentencepiece")

# The novel's first 1,000 lines (774 sentences, 46,000 characters): enough for both kinds of model at both sizes; the
# two processes must learn the same bytes whatever the text.
SENTENCES = [line for line in corpus.load_text().splitlines()[:1000] if line.strip()]
OPTIONS = dict(normalization_rule_name="identity", character_coverage=1.0, minloglevel=2)


def test_the_second_process_learns_the_same_models_and_a_repeated_call_gets_the_same_job():
    job = references.in_background(references.sentencepiece_models, SENTENCES, [150, 300], **OPTIONS)
    assert references.in_background(references.sentencepiece_models, SENTENCES, [150, 300], **OPTIONS) is job
    here = references.sentencepiece_models(SENTENCES, [150, 300], **OPTIONS)
    assert sorted(here) == [("bpe", 150), ("bpe", 300), ("unigram", 150), ("unigram", 300)]
    assert job.result(timeout=120) == here


def test_an_error_in_the_second_process_comes_back_from_result():
    job = references.in_background(references.sentencepiece_models, SENTENCES, [150], not_an_option=1)
    with pytest.raises(Exception, match="not_an_option"):
        job.result(timeout=120)
