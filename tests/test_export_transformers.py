"""bpe_lab.export in Hugging Face ``transformers``: the WordPiece and the Unigram ``tokenizer.json``, loaded by
``PreTrainedTokenizerFast``, encode to exactly our ids and decode to our text (notebook 10 section 5 does the same
on its own text); tests/test_export_roles.py loads whole folders (roles, padding) on hard strings.

The texts: every line of the UDHR in 20 languages (data/udhr_20langs_nfc.json: most of its characters are
unknown to vocabularies trained on the novel, so [UNK] and <unk> are tested too) and of a slice of the novel
that the vocabularies were not trained on; and, as whole multi-line strings, the slice and four languages' texts
(a line break must not change how the spaces around it are handled). Small vocabularies, trained here in a
second or two, keep it fast. The byte-level BPE tokenizer.json is
tested in transformers by tests/test_export_bpe.py.
"""

import os

import pytest
import sentencepiece as spm
from conftest import record_parity

from bpe_lab import bert, corpus, export, unigram, wordpiece
from bpe_lab.export import hf_wordpiece

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
    pieces = [[ours.pieces[i] for i in ids] for ids in expected]
    assert [theirs.decode(ids) for ids in expected] == [wordpiece.decode(line) for line in pieces]
    unknown = sum(ids.count(ours.vocab["[UNK]"]) for ids in expected)
    assert unknown > 0  # the UDHR's other scripts went through [UNK]
    assert theirs.convert_ids_to_tokens(theirs("Hello, world!")["input_ids"]) == ["[CLS]", *ours.tokenize("Hello, world!"),
                                                                                 "[SEP]"]
    record_parity("WordPiece tokenizer.json -> transformers vs BertTokenizer, [CLS] [SEP]", len(texts),
                  sum(len(ids) + 2 for ids in expected))


def test_unigram_tokenizer_json_in_transformers_equals_our_encoder(texts, fast_tokenizer, tmp_path):
    """The same model as a .model: bpe_lab's encoder reading it gives the ids (as sentencepiece does), and
    sentencepiece the decoded text.

    One exception, by design of the libraries: SentencePiece (and bpe_lab, which follows it) adds up a path's scores
    in 32-bit floats, tokenizers in 64-bit. On one long string (the 20,000-character slice of the novel) the running
    32-bit sum takes a near tie the other way; there the two paths score the same to within 32-bit rounding, and
    tokenizers' path scores no lower (it finds the best path in exact arithmetic)."""
    model = unigram.train(TRAIN, 600, seed_factor=4, em_iterations=1)
    path = export.to_sentencepiece(model, tmp_path / "u.model")
    ours, processor = unigram.read_sentencepiece_model(path), spm.SentencePieceProcessor(model_file=str(path))
    theirs = fast_tokenizer(export.to_hf(model, tmp_path / "tokenizer.json"))
    expected = [ours.encode(text) for text in texts]
    found = theirs(texts)["input_ids"]  # no post-processor: nothing added
    assert theirs(texts, add_special_tokens=False)["input_ids"] == found
    differ = [i for i, (ids, ours_ids) in enumerate(zip(found, expected)) if ids != ours_ids]
    assert [texts[i] for i in differ] == [SLICE]
    scores = {i: processor.get_score(i) for i in range(processor.get_piece_size())}
    unk_score = min(score for i, score in scores.items() if i > 2) - 10

    def path_score(text, ids):  # an unknown run scores unk_score per character
        runs = [piece for piece, i in zip(processor.encode(text, out_type=str), processor.encode(text)) if i == 0]
        return sum(scores[i] for i in ids if i) + unk_score * sum(map(len, runs))

    assert found[differ[0]].count(0) == expected[differ[0]].count(0)  # the same unknown runs
    assert 0 <= path_score(SLICE, found[differ[0]]) - path_score(SLICE, expected[differ[0]]) < 0.05
    assert [theirs.decode(ids) for ids in expected] == [processor.decode(ids) for ids in expected]
    assert sum(ids.count(processor.unk_id()) for ids in expected) > 0  # and through <unk>
    # a line break between spaces: SentencePiece keeps the space after it (this once lost it in tokenizer.json)
    assert theirs("a \n  b")["input_ids"] == ours.encode("a \n  b") == processor.encode("a \n  b")
    record_parity("Unigram tokenizer.json -> transformers vs our encoder of the .model", len(texts) - len(differ),
                  sum(len(ids) for i, ids in enumerate(expected) if i not in differ))
