"""bpe_lab.export in Hugging Face ``transformers``: the WordPiece and the Unigram ``tokenizer.json``, loaded by
``PreTrainedTokenizerFast``, encode to exactly our ids (notebook 10 section 5 does the same on its own text).

The texts: every line of the UDHR in 20 languages (data/udhr_20langs_nfc.json: most of its characters are
unknown to vocabularies trained on the novel, so [UNK] and <unk> are tested too) and of a slice of the novel
that the vocabularies were not trained on; and, as whole multi-line strings, the slice and four languages' texts
(a line break must not change how the spaces around it are handled). Small vocabularies, trained here in a
second or two, keep it fast. The byte-level BPE tokenizer.json is
tested in transformers by tests/test_export_bpe.py.
"""

import os

import pytest
from conftest import record_parity

from bpe_lab import bert, corpus, export, unigram, wordpiece
from bpe_lab.export import hf_wordpiece
from bpe_lab.sentencepiece import model_file

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")  # without PyTorch, transformers says so on import

NOVEL = corpus.load_text()
TRAIN, SLICE = NOVEL[:50_000], NOVEL[50_000:70_000]


@pytest.fixture(scope="module")
def texts():
    udhr = corpus.load_udhr()
    lines = [line for text in [*(entry["text"] for entry in udhr.values()), SLICE] for line in text.splitlines()]
    return lines + [SLICE] + [udhr[code]["text"] for code in ("eng", "rus", "hin", "jpn")]


@pytest.fixture(scope="module")
def fast_tokenizer():
    from transformers import PreTrainedTokenizerFast

    return lambda path: PreTrainedTokenizerFast(tokenizer_file=str(path))


def test_wordpiece_tokenizer_json_in_transformers_equals_bert_tokenizer(texts, fast_tokenizer, tmp_path):
    vocab = wordpiece.fast_train(TRAIN, 600)
    ours = bert.BertTokenizer(hf_wordpiece.write_vocab_txt(vocab, tmp_path / "vocab.txt"))
    theirs = fast_tokenizer(export.to_hf(vocab, tmp_path / "tokenizer.json"))
    cls, sep = ours.vocab["[CLS]"], ours.vocab["[SEP]"]
    expected = [ours.encode(text) for text in texts]
    assert theirs(texts)["input_ids"] == [[cls, *ids, sep] for ids in expected]  # the post-processor's [CLS] [SEP]
    assert theirs(texts, add_special_tokens=False)["input_ids"] == expected
    unknown = sum(ids.count(ours.vocab["[UNK]"]) for ids in expected)
    assert unknown > 0  # the UDHR's other scripts went through [UNK]
    assert theirs.convert_ids_to_tokens(theirs("Hello, world!")["input_ids"]) == ["[CLS]", *ours.tokenize("Hello, world!"),
                                                                                 "[SEP]"]
    record_parity("WordPiece tokenizer.json -> transformers vs BertTokenizer, [CLS] [SEP]", len(texts),
                  sum(len(ids) + 2 for ids in expected))


def test_unigram_tokenizer_json_in_transformers_equals_our_encoder(texts, fast_tokenizer, tmp_path):
    model = unigram.train(TRAIN, 600, seed_factor=4, em_iterations=1)
    ours = unigram.SentencePieceModel(model_file.model_pieces(model), "identity", add_dummy_prefix=True,
                                      remove_extra_whitespaces=True, escape_whitespaces=True)
    theirs = fast_tokenizer(export.to_hf(model, tmp_path / "tokenizer.json"))
    expected = [ours.encode_ids(text) for text in texts]
    assert theirs(texts)["input_ids"] == expected  # no post-processor: nothing added
    assert theirs(texts, add_special_tokens=False)["input_ids"] == expected
    assert sum(ids.count(ours.unk_id) for ids in expected) > 0  # and through <unk>
    # a line break between spaces: SentencePiece keeps the space after it (this once lost it in tokenizer.json)
    assert theirs("a \n  b")["input_ids"] == ours.encode_ids("a \n  b")
    record_parity("Unigram tokenizer.json -> transformers vs our SentencePieceModel", len(texts),
                  sum(map(len, expected)))
