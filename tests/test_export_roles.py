"""export.to_hf's folders in real use: roles, padding and truncation, both special-token modes, and decoding, for
the three kinds (a byte-level BPE Tokenizer, a WordPiece vocabulary, a Unigram model), in ``tokenizers``
(``Tokenizer.from_file``), ``transformers.PreTrainedTokenizerFast(tokenizer_file=...)`` and
``AutoTokenizer.from_pretrained(folder)``, on strings chosen to be hard: English, German, Chinese, Greek and
Russian, emoji, Python with tabs and indentation, empty and whitespace-only strings, special-token text
("[CLS]", "<s>", "<unk>", "<|endoftext|>"), texts starting with "▁".

The rule (bpe_lab.export's docstring): bpe_lab's text-as-characters encoding equals the exported tokenizer with
``split_special_tokens=True``; bpe_lab's specials-allowed encoding equals its default; decoding equals bpe_lab's,
special tokens kept or skipped alike. Unigram's bpe_lab side is SentencePiece's (bpe_lab's encoder gives its ids,
tests/test_sentencepiece*.py): its ``.model`` is written by ``export.to_sentencepiece`` with the same ids.
"""

import json
import os
from collections import Counter
from dataclasses import dataclass
from typing import Callable

import pytest
import sentencepiece as spm
import tokenizers
from conftest import record_parity

from bpe_lab import bert, corpus, export, unigram, wordpiece
from bpe_lab.tokenizer import Tokenizer

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")  # without PyTorch, transformers says so on import

NOVEL = corpus.load_text()
CODE = """def merge(ids, pair, new_id):
\tout, i = [], 0
\twhile i < len(ids):
\t\tif i + 1 < len(ids) and (ids[i], ids[i + 1]) == pair:
\t\t\tout.append(new_id)
\t\t\ti += 2
\t\telif ids[i] <= 0 or ids[i] << 2 > 9:
\t\t\ti += 1
\treturn out
"""
HARD = [
    "",
    " ",
    "   ",
    "\n",
    "\t",
    " \t \n ",
    "Hello, world!",
    "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of "
    "a wife.",
    "The dog, and the cat. Why? Because!",
    "Don't stop: it's 3.14, isn't it? I'm sure they're right, we've seen it.",
    "Grüße aus München! Straße, Äpfel, Öl und übermäßig viel Käse.",
    "Die Würde des Menschen ist unantastbar.",
    "中文分词很难。我们今天去北京。",
    "混合 text 与中文 and English 句子.",
    "emoji: 😀👍🏽 👨‍👩‍👧 🇩🇪 ❤️",
    "def f(x):\n\treturn x * 2\n",
    "    def __init__(self, name):\n        self.name = name\n",
    "if a<b and b>c:\n\tprint('<s>', \"</s>\")\n",
    "[CLS]",
    "[CLS] hello [SEP]",
    "[UNK] [PAD] [MASK]",
    "<s>",
    "</s>",
    "<unk>",
    "<s>Hello</s>",
    "a <unk> b",
    "<|endoftext|>",
    "end<|endoftext|>start",
    "<|endoftext|><|endoftext|>",
    "▁",
    "▁leading metaspace",
    "▁▁two",
    "x▁y",
    "trailing spaces   ",
    "  leading spaces",
    "multiple   inner    spaces",
    "line one\nline two\r\nline three",
    "numbers 1234567890 and 3,000.50",
    "ALL CAPS AND MiXeD CaSe",
    "naïve café résumé coöperate",
    "\u00a0nbsp\u2003em\u200bzwsp",
    "Ελληνικά и русский текст",
    "a" * 120,
    "[CLS]<s><|endoftext|>[SEP]</s>",
]


@dataclass
class Kind:
    """One kind exported: the object, bpe_lab's encoders and decoder, and where its folder is."""

    name: str
    obj: object
    ordinary: Callable  # text -> ids, special-token text read as characters
    decode: Callable  # ids -> text
    folder: object

    @property
    def specials(self) -> dict:
        return export.special_tokens(self.obj)

    def with_specials(self, text: str) -> list:
        return export.encode_with_specials(self.ordinary, text, self.specials)


def _bpe(folder) -> Kind:
    tokenizer = Tokenizer.train(NOVEL[:100_000] + CODE * 20, 800, "gpt4")
    tokenizer.add_special_token("<|endoftext|>", tokenizer.vocab_size)
    return Kind("BPE", tokenizer, tokenizer.encode_ordinary, tokenizer.decode, folder)


def _wordpiece(folder) -> Kind:
    words = Counter(bert.bert_pre_tokenize(bert.bert_normalize(NOVEL[:150_000] + CODE * 20)))
    result = wordpiece.fast_train(words, 800)
    ids = {piece: i for i, piece in enumerate(result.vocab)}
    return Kind("WordPiece", result, lambda text: [ids[piece] for piece in bert.bert_tokenize(text, ids)],
                lambda token_ids: wordpiece.decode([result.vocab[i] for i in token_ids]), folder)


def _unigram(folder) -> Kind:
    model = unigram.train(NOVEL[:60_000] + CODE * 40, 800, seed_factor=4, em_iterations=2)
    assert any("<" in piece for piece in model.log_probs)  # "<" is a piece: the look-alike is tested
    processor = spm.SentencePieceProcessor(model_file=str(export.to_sentencepiece(model, folder / "u.model")))
    return Kind("Unigram", model, processor.encode, processor.decode, folder)


@pytest.fixture(scope="module", params=["BPE", "WordPiece", "Unigram"])
def kind(request, tmp_path_factory) -> Kind:
    folder = tmp_path_factory.mktemp(request.param)
    made = {"BPE": _bpe, "WordPiece": _wordpiece, "Unigram": _unigram}[request.param](folder)
    assert export.to_hf(made.obj, folder / "hf") == folder / "hf"
    made.folder = folder / "hf"
    return made


@pytest.fixture(scope="module")
def libraries(kind) -> dict:
    """The folder loaded three ways; each entry: (encode(text, split) -> ids, decode(ids, skip) -> text)."""
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    path = str(kind.folder / "tokenizer.json")
    hf = tokenizers.Tokenizer.from_file(path)

    def hf_encode(text, split):
        hf.encode_special_tokens = split
        return hf.encode(text, add_special_tokens=False).ids

    def hf_decode(ids, skip):
        return hf.decode(ids, skip_special_tokens=skip)

    found = {"tokenizers": (hf_encode, hf_decode)}
    for name, loaded in [("PreTrainedTokenizerFast", PreTrainedTokenizerFast(tokenizer_file=path)),
                         ("AutoTokenizer", AutoTokenizer.from_pretrained(kind.folder))]:
        found[name] = (lambda text, split, t=loaded: t(text, add_special_tokens=False,
                                                       split_special_tokens=split)["input_ids"],
                       lambda ids, skip, t=loaded: t.decode(ids, skip_special_tokens=skip))
    return found


def test_both_special_token_modes_give_our_ids(kind, libraries):
    ordinary = [kind.ordinary(text) for text in HARD]
    allowed = [kind.with_specials(text) for text in HARD]
    assert ordinary != allowed  # the special-token texts are there
    for name, (encode, _) in libraries.items():
        assert [encode(text, True) for text in HARD] == ordinary, name
        assert [encode(text, False) for text in HARD] == allowed, name
        record_parity(f"to_hf folder ({kind.name}) -> {name}, both special-token modes", 2 * len(HARD),
                      sum(map(len, ordinary + allowed)))


def test_decoding_gives_our_text_with_special_tokens_kept_or_skipped(kind, libraries):
    special = set(kind.specials.values())
    token_ids = [kind.with_specials(text) for text in HARD] + [sorted(special), [max(special)] * 3]
    kept = [kind.decode(ids) for ids in token_ids]
    skipped = [kind.decode([i for i in ids if i not in special]) for ids in token_ids]
    for name, (_, decode) in libraries.items():
        assert [decode(ids, False) for ids in token_ids] == kept, name
        assert [decode(ids, True) for ids in token_ids] == skipped, name


@pytest.mark.parametrize("how", ["AutoTokenizer.from_pretrained(folder)",
                                 "PreTrainedTokenizerFast(tokenizer_file=..., **export.roles(obj))"])
def test_transformers_knows_the_roles_and_pads_with_our_ids(kind, how):
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    roles = export.roles(kind.obj)
    loaded = AutoTokenizer.from_pretrained(kind.folder) if how.startswith("Auto") else \
        PreTrainedTokenizerFast(tokenizer_file=str(kind.folder / "tokenizer.json"), **roles)
    assert {role: getattr(loaded, role) for role in roles} == roles
    assert {"BPE": "<|endoftext|>", "WordPiece": "[PAD]", "Unigram": "</s>"}[kind.name] == roles["pad_token"]
    pad = loaded.pad_token_id
    assert pad == export.special_tokens(kind.obj)[roles["pad_token"]]
    expected = [kind.with_specials(text) for text in HARD]
    if kind.name == "WordPiece":  # BERT's template: [CLS] ... [SEP] around every text
        expected = [[kind.specials["[CLS]"], *ids, kind.specials["[SEP]"]] for ids in expected]
    width = max(map(len, expected))
    batch = loaded(HARD, padding=True)
    assert batch["input_ids"] == [ids + [pad] * (width - len(ids)) for ids in expected]
    assert batch["attention_mask"] == [[1] * len(ids) + [0] * (width - len(ids)) for ids in expected]
    short = loaded(HARD, padding=True, truncation=True, max_length=6)["input_ids"]
    if kind.name == "WordPiece":  # truncation keeps the template's [CLS] and [SEP]
        cut = [ids if len(ids) <= 6 else [*ids[:5], ids[-1]] for ids in expected]
    else:
        cut = [ids[:6] for ids in expected]
    assert short == [ids + [pad] * (max(map(len, cut)) - len(ids)) for ids in cut]
    assert loaded(["a", "bb"], padding=True)["input_ids"]  # "no padding token" no more
    assert loaded.decode(batch["input_ids"][HARD.index("Hello, world!")], skip_special_tokens=True) == \
        kind.decode(kind.ordinary("Hello, world!"))


def test_the_folder_files(kind):
    config = json.loads((kind.folder / "tokenizer_config.json").read_text(encoding="utf-8"))
    roles = export.roles(kind.obj)
    assert config["tokenizer_class"] == "PreTrainedTokenizerFast" and not config["clean_up_tokenization_spaces"]
    assert {role: config[role] for role in roles} == roles
    assert json.loads((kind.folder / "special_tokens_map.json").read_text(encoding="utf-8")) == roles
    assert {token["content"]: int(i) for i, token in config["added_tokens_decoder"].items()} == kind.specials
    if kind.name == "BPE":
        assert export.from_hf(kind.folder).to_dict() == kind.obj.to_dict()  # read back, from the folder


def test_a_folder_gets_the_pad_token_the_tokenizer_lacks(tmp_path):
    from transformers import AutoTokenizer

    plain = Tokenizer.train(NOVEL[:20_000], 300)  # no special token at all
    assert export.roles(plain) == {"pad_token": "<|endoftext|>"} and export.special_tokens(plain) == {}
    one_file = json.loads(export.to_hf(plain, tmp_path / "alone.json").read_text(encoding="utf-8"))
    assert one_file["added_tokens"] == []  # the tokenizer.json alone is the tokenizer as it is
    loaded = AutoTokenizer.from_pretrained(export.to_hf(plain, tmp_path / "bpe"))
    assert (loaded.pad_token, loaded.pad_token_id) == ("<|endoftext|>", 300)  # the next free id
    ids = [plain.encode("It is"), plain.encode("a truth universally")]
    width = max(map(len, ids))
    assert loaded(["It is", "a truth universally"], padding=True)["input_ids"] == \
        [row + [300] * (width - len(row)) for row in ids]
    pieces = ["[UNK]", "[CLS]", "[SEP]", "hi", "##s"]  # a plain list without [PAD]
    loaded = AutoTokenizer.from_pretrained(export.to_hf(pieces, tmp_path / "wordpiece"))
    assert (loaded.pad_token, loaded.pad_token_id) == ("[PAD]", 5)
    assert loaded(["hi", "his hi"], padding=True)["input_ids"] == [[1, 3, 2, 5, 5], [1, 3, 4, 3, 2]]


def test_folders_are_written_atomically(tmp_path, monkeypatch):
    tokenizer = Tokenizer.train(NOVEL[:20_000], 300)
    folder = export.to_hf(tokenizer, tmp_path / "mine")
    before = {path.name: path.read_bytes() for path in folder.iterdir()}

    def fail(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError, match="disk full"):
        export.to_hf(Tokenizer.train(NOVEL[:20_000], 280), folder)
    monkeypatch.undo()
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before  # no file half-written, none new
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="it is a file, not a folder"):
        export.to_hf(tokenizer, tmp_path / "notes.txt")
    assert (tmp_path / "notes.txt").read_text() == "mine"
