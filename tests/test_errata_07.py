"""Notebook 07's corrected claims (issue 28), recomputed with bpe_lab's three trainers as the notebook runs them,
Hugging Face tokenizers and transformers, SentencePiece's Botchan model and tiktoken (cl100k_base from its rank
file), offline."""

import os
from collections import Counter

import pytest
import sentencepiece as spm
import tiktoken
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import models, normalizers, pre_tokenizers

from bpe_lab import bert, corpus, gpt2, pretokenize, unigram, wordpiece
from bpe_lab.tokenizer import Tokenizer

SIZE = 2000  # section 5's vocabulary size


@pytest.fixture(scope="module")
def trained():
    """Section 1's training text and our three tokenizers at section 5's size."""
    lines = corpus.load_text("pride_and_prejudice.txt").splitlines()
    train_text = "\n".join(lines[: int(len(lines) * 0.9)])
    words = Counter(word for line in train_text.splitlines()
                    for word in bert.bert_pre_tokenize(bert.bert_normalize(line)))
    bpe = Tokenizer.train(train_text, SIZE)
    wp = wordpiece.fast_train(words, SIZE, special_tokens=["[UNK]"])
    # as section 1: one run down to 500 pieces with a checkpoint at each size (BPE and WordPiece learn greedily,
    # so training to SIZE gives the prefix the notebook reads off its run to 4,000)
    uni = unigram.train(train_text, 500, checkpoints=[500, 1000, 2000, 4000], seed_factor=4, em_iterations=1)
    log_probs = uni.checkpoints[SIZE]
    unk = min(log_probs.values()) - unigram.UNK_PENALTY
    return {"text": train_text, "words": words, "bpe": bpe, "wordpiece": set(wp.vocab),
            "unigram": unigram.word_tokenizer(log_probs, unk_score=unk)}


def test_bpe_words_need_their_leading_space(trained):
    """Cell 26: without its space 'Netherfield' is N|etherfield; as in running text, ' Netherfield' is one token."""
    bpe = trained["bpe"]
    assert [bpe.token_bytes(i) for i in bpe.encode("Netherfield")] == [b"N", b"etherfield"]
    assert [bpe.token_bytes(i) for i in bpe.encode(" Netherfield")] == [b" Netherfield"]


def test_all_three_cut_the_date_alike(trained):
    """Cell 45: 'numbers and code are where they differ most' -> all three cut 2024-11-21 into single digits."""
    date = "2024-11-21"
    bpe = [trained["bpe"].token_bytes(i).decode().strip() for i in trained["bpe"].encode(" " + date)]
    pieces = bert.bert_tokenize(date, trained["wordpiece"])
    uni = trained["unigram"](date)
    assert [p for p in bpe if p] == [p.removeprefix("##") for p in pieces] == \
        [p for p in (q.replace("\u2581", "") for q in uni) if p] == list(date)


def test_no_training_word_starts_with_x_so_wordpiece_gives_unk(trained):
    """Cells 26/27: WordPiece's vocabulary has ##x but no x; tokenizers' WordPiece model gives [UNK] for the x."""
    assert not any(word.startswith("x") for word in trained["words"]) and any("x" in w for w in trained["words"])
    vocab = trained["wordpiece"]
    assert "##x" in vocab and "x" not in vocab
    hf = HFTokenizer(models.WordPiece({piece: i for i, piece in enumerate(sorted(vocab))}, unk_token="[UNK]"))
    hf.normalizer, hf.pre_tokenizer = normalizers.BertNormalizer(lowercase=True), pre_tokenizers.BertPreTokenizer()
    assert hf.encode("print(x**2)").tokens[:5] == ["pri", "##n", "##t", "(", "[UNK]"]


SAMPLES = ["Élizabeth's café costs £3.50! It isn't 'so' (is it)?", "  two  spaces,\ta tab\nand a new line",
           "the ﬁrst ① of ２ cases", "print(x**2)  # don't"]


def test_round_trips_of_bert_and_sentencepiece_change_the_text():
    """Section 8 (a learner's question): decode(encode(x)) != x for BERT and SentencePiece, == x byte-level."""
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    from transformers import BertTokenizerFast

    bert_fast = BertTokenizerFast(vocab=str(corpus.data_path("bert-base-uncased-vocab.txt")))
    ids = bert_fast.encode(SAMPLES[0], add_special_tokens=False)
    assert bert_fast.decode(ids) == "elizabeth ' s cafe costs £3. 50! it isn ' t ' so ' ( is it )?"
    assert bert_fast.decode(ids, clean_up_tokenization_spaces=True) == \
        "elizabeth's cafe costs £3. 50! it isn't'so'( is it )?"
    spaced = bert_fast.encode(SAMPLES[1], add_special_tokens=False)
    assert bert_fast.decode(spaced) == "two spaces, a tab and a new line"

    botchan = spm.SentencePieceProcessor(model_file=str(corpus.data_path("botchan_en_unigram_1000.model")))
    assert botchan.decode(botchan.encode(SAMPLES[2])) == "the first 1 of 2 cases"  # NFKC
    assert botchan.decode(botchan.encode(SAMPLES[1])) == "two spaces, ⁇ a tab ⁇ and a new line"
    assert botchan.decode(botchan.encode(SAMPLES[3])) == "print(x**2)  ⁇  don't"

    cl100k = tiktoken.Encoding("cl100k_base", pat_str=pretokenize.PATTERNS["gpt4"],
                               mergeable_ranks=gpt2.load_ranks("cl100k_base"), special_tokens={})
    gpt2_tokenizer = gpt2.load()
    for text in SAMPLES:
        assert cl100k.decode(cl100k.encode_ordinary(text)) == text == gpt2_tokenizer.decode(gpt2_tokenizer.encode(text))
