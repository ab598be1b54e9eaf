"""Take a tokenizer home: write what BPE Lab trained in the formats production libraries load.

    to_hf(obj, folder)               a Hugging Face folder (tokenizer.json, tokenizer_config.json,
                                     special_tokens_map.json) for a byte-level BPE ``Tokenizer``, a WordPiece
                                     vocabulary or a Unigram model; a path ending in ".json": the tokenizer.json alone
    from_hf(path)                    a byte-level BPE tokenizer.json, or its folder, back into a ``Tokenizer``
    to_tiktoken(tokenizer, path)     a tiktoken rank file (``tiktoken_file.load_encoding`` adds the pattern and the
                                     special tokens ``tiktoken.Encoding`` needs)
    to_sentencepiece(model, path)    a Unigram model, or a SentencePiece model, as a SentencePiece ``.model``
    roles(obj), special_tokens(obj)  the tokens a folder names pad, unk, bos/eos, cls/sep/mask; the special tokens' ids

The exported tokenizer gives bpe_lab's ids and bpe_lab's text. Special-token text (a user who types "<s>" or
"[CLS]") follows one rule, the same on both sides:

    special-token text is      in bpe_lab                                         in tokenizers and transformers
    characters, like any text  ``Tokenizer.encode_ordinary(text)`` (``encode``    ``split_special_tokens=True``
                               refuses such text), ``BertTokenizer.encode``, a    (``tokenizers``:
                               SentencePiece model's ``encode``                   ``encode_special_tokens = True``)
    its special token's id     ``Tokenizer.encode(text, allowed_special="all")``, the default
                               ``encode_with_specials(encode, text, special_tokens(obj))``

Decoding gives bpe_lab's text: with special tokens kept (``skip_special_tokens=False``) that of all the ids, with
them skipped that of the ids without the special ones. Byte-level BPE decodes as ``Tokenizer.decode``; WordPiece
as ``wordpiece.decode`` ("##" glue, and the cleanup: no space before . ? ! , n't 'm 's 've 're); Unigram as
SentencePiece does ("<unk>" is " ⁇ ", "<s>" and "</s>" are nothing). ``tokenizers``' ``decode`` skips special
tokens unless told otherwise; ``transformers``' keeps them.

Who pads (``roles``): WordPiece's "[PAD]"; byte-level BPE's "<|pad|>", or else its "<|endoftext|>"; Unigram's "</s>",
its end of text. A folder gets a pad token the tokenizer lacks at the next free id, so padding never changes the
ids of a text. ``AutoTokenizer.from_pretrained(folder)`` reads the roles; ``PreTrainedTokenizerFast(tokenizer_file=
...)`` reads the tokenizer.json alone: pass it ``**roles(obj)``.

Every writer writes atomically (``bpe_lab.storage``) and refuses, with a clear error, what its format cannot hold.
One module per format: ``hf_bpe``, ``hf_wordpiece``, ``hf_unigram``, ``tiktoken_file`` (the ``.model`` format lives
with its reader, in ``bpe_lab.sentencepiece.model_file``).
"""

from __future__ import annotations

__all__ = ["to_hf", "from_hf", "to_tiktoken", "to_sentencepiece", "roles", "special_tokens", "encode_with_specials"]

import json

import regex

from .. import _checks as check
from .. import sentencepiece
from ..sentencepiece import model_file
from ..storage import write_text_atomic
from ..tokenizer import Tokenizer
from ..unigram import UnigramResult
from ..wordpiece import WordPieceResult, WordPieceVocabulary
from . import hf_bpe, hf_unigram, hf_wordpiece, tiktoken_file

check.EXPORT_KINDS.update(bpe=(Tokenizer,), wordpiece=(WordPieceResult, WordPieceVocabulary), unigram=(UnigramResult,))
_TOKENIZER_JSON = {"bpe": hf_bpe.tokenizer_json, "wordpiece": hf_wordpiece.tokenizer_json,
                   "unigram": hf_unigram.tokenizer_json}


def to_hf(obj, path):
    """Write ``obj`` for Hugging Face: a folder (``tokenizer.json``, ``tokenizer_config.json`` naming the class
    and the roles, ``special_tokens_map.json``), or, for a path ending in ".json", the ``tokenizer.json`` alone.
    Each file is written atomically; a missing folder is made (its parent must exist). Returns the path.

    >>> import tempfile, pathlib
    >>> folder = to_hf(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "hi"], pathlib.Path(tempfile.mkdtemp()) / "mine")
    >>> sorted(file.name for file in folder.iterdir())
    ['special_tokens_map.json', 'tokenizer.json', 'tokenizer_config.json']
    """
    kind, (path, folder) = check.export_kind(obj), check.hf_target(path)
    document, named = _TOKENIZER_JSON[kind](obj)
    if not folder:
        return write_text_atomic(path, _json(document))
    _add_missing(document, named)
    config = {"tokenizer_class": "PreTrainedTokenizerFast", "clean_up_tokenization_spaces": False, **named,
              "added_tokens_decoder": {str(token["id"]): {key: token[key] for key in sorted(token) if key != "id"}
                                       for token in document["added_tokens"]}}
    path.mkdir(exist_ok=True)
    for name, content in [("tokenizer.json", document), ("tokenizer_config.json", config),
                          ("special_tokens_map.json", named)]:
        write_text_atomic(path / name, _json(content))
    return path


def _json(document: dict) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _add_missing(document: dict, named: dict) -> None:
    """Add to ``document`` each token ``named`` gives a role but the tokenizer lacks, at the next free id."""
    model_ids = document["model"]["vocab"]
    next_id = 1 + max([*(model_ids.values() if isinstance(model_ids, dict) else range(len(model_ids))),
                       *(token["id"] for token in document["added_tokens"])])
    have = {token["content"] for token in document["added_tokens"]}
    for name in dict.fromkeys(named.values()):
        if name not in have:
            document["added_tokens"].append({"id": next_id, "content": name, "single_word": False, "lstrip": False,
                                             "rstrip": False, "normalized": False, "special": True})
            next_id += 1


def roles(obj) -> dict:
    """The roles ``to_hf`` writes to a folder for ``obj``: role -> token (pad, unk, bos/eos, cls/sep/mask).

    >>> roles(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "hi"])
    {'pad_token': '[PAD]', 'unk_token': '[UNK]', 'cls_token': '[CLS]', 'sep_token': '[SEP]'}
    """
    return _TOKENIZER_JSON[check.export_kind(obj)](obj)[1]


def special_tokens(obj) -> dict:
    """name -> id of the special tokens of the tokenizer.json ``to_hf`` writes for ``obj`` (one written alone;
    a folder's may hold a pad token more: ``roles``); what its default turns into ids in a text.

    >>> special_tokens({"▁a": -1.0})
    {'<unk>': 0, '<s>': 1, '</s>': 2}
    """
    document = _TOKENIZER_JSON[check.export_kind(obj)](obj)[0]
    return {token["content"]: token["id"] for token in document["added_tokens"]}


def encode_with_specials(encode, text, special_tokens) -> list[int]:
    """bpe_lab's side of a tokenizer.json's default: each special token's text in ``text`` becomes its id
    (the longest where two start at one place), and each stretch between them is encoded alone by ``encode``,
    as ``tokenizers`` does with its added tokens. ``Tokenizer.encode(text, allowed_special="all")`` does this.

    >>> encode_with_specials(lambda part: [len(part)], "ab<s>cde<s>", {"<s>": 1})
    [2, 1, 3, 1]
    """
    encode, text, special_tokens = check.encode_with_specials_args(encode, text, special_tokens)
    if not special_tokens:
        return list(encode(text))
    names = sorted(special_tokens, key=len, reverse=True)  # longest first: "<|end|>" before "<|e"
    ids = []
    for position, part in enumerate(regex.split("(" + "|".join(map(regex.escape, names)) + ")", text)):
        if position % 2:
            ids.append(special_tokens[part])
        elif part:
            ids += encode(part)
    return ids


def from_hf(path):
    """A byte-level BPE ``tokenizer.json``, or the folder that holds it (``to_hf``'s, or GPT-2's) ->
    ``bpe_lab.Tokenizer``; a damaged file is a ``storage.FileFormatError`` naming it (see ``hf_bpe.read``)."""
    return hf_bpe.read(path)


def to_tiktoken(tokenizer, path):
    """Write ``tokenizer``'s ranks as a tiktoken rank file at ``path`` (atomically); returns the path."""
    return tiktoken_file.write(tokenizer, path)


def to_sentencepiece(unigram_log_probs, path):
    """Write a Unigram model (``unigram.train``'s result or a dict piece -> log-probability) as a SentencePiece
    ``.model`` at ``path``. ``unigram_log_probs`` may also be any SentencePiece model (``sentencepiece_bpe.train``'s,
    ``sentencepiece.load``'s), written as it encodes (the argument keeps the name DESIGN.md gives it); the writer
    is ``bpe_lab.sentencepiece.model_file.write``."""
    model = unigram_log_probs
    return model_file.write(model if isinstance(model, sentencepiece.Model) else check.sentencepiece_exported(model), path)
