"""A WordPiece vocabulary as BERT's files: ``vocab.txt`` and a Hugging Face ``tokenizer.json``.

The ``tokenizer.json`` runs the pipeline of ``bpe_lab.bert.BertTokenizer`` (an uncased BERT):

    normalizer      ``BertNormalizer``: drop control characters, whitespace to spaces, spaces around CJK
                    ideographs, strip accents, lower-case
    pre_tokenizer   ``BertPreTokenizer``: split on whitespace and around every punctuation character
    model           ``WordPiece``: MaxMatch, "##" on continuations, "[UNK]" for a word it cannot cover
                    or longer than 100 characters
    post_processor  ``TemplateProcessing``: "[CLS] A [SEP]", and "[CLS] A [SEP] B [SEP]" for a pair
    decoder         ``WordPiece``: glue "##" pieces back on

Ids are the positions of the pieces in the vocabulary. The special tokens (a ``wordpiece.train``
result's, or for a plain list those of BERT's "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]" it holds) are
listed as added tokens, as in BERT's own tokenizer.json: ``tokenizers`` then keeps "[CLS]" in a text whole,
where ``BertTokenizer`` splits it like any text.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import _checks as check
from .. import storage

# write and write_vocab_txt are the entry points (export.to_hf calls write for a WordPiece vocabulary);
# tokenizer_json builds the document; _checks.export.wordpiece_export checks a vocabulary.
__all__ = ["REQUIRED", "write", "write_vocab_txt"]

BERT_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
REQUIRED = ("[UNK]", "[CLS]", "[SEP]")  # the model's unknown token and the post-processor's


def tokenizer_json(vocab) -> dict:
    """The ``tokenizer.json`` document for a WordPiece vocabulary (what ``write`` writes), as a dict."""
    pieces, specials = check.wordpiece_export(vocab, REQUIRED, BERT_SPECIALS)
    ids = {piece: i for i, piece in enumerate(pieces)}

    def special(token, type_id):
        return {"SpecialToken": {"id": token, "type_id": type_id}}

    def sequence(name, type_id):
        return {"Sequence": {"id": name, "type_id": type_id}}

    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": ids[token], "content": token, "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": True}
                         for token in sorted(specials, key=ids.get)],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [special("[CLS]", 0), sequence("A", 0), special("[SEP]", 0)],
            "pair": [special("[CLS]", 0), sequence("A", 0), special("[SEP]", 0), sequence("B", 1),
                     special("[SEP]", 1)],
            "special_tokens": {token: {"id": token, "ids": [ids[token]], "tokens": [token]}
                               for token in ("[CLS]", "[SEP]")},
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": ids},
    }


def write(vocab, path) -> Path:
    """Write a WordPiece vocabulary as a Hugging Face ``tokenizer.json`` at ``path`` (atomically); returns
    the path. ``vocab``: a ``wordpiece.train`` result, a list of pieces in id order, or a dict piece -> id
    (``bert.load_vocab``'s). Refused with ValueError: no pieces, an empty or repeated piece, a piece with
    whitespace (vocab.txt is one piece per line, and BERT splits on whitespace) or a lone surrogate, and a
    vocabulary without "[UNK]", "[CLS]" or "[SEP]".

    >>> import tempfile, pathlib
    >>> from tokenizers import Tokenizer
    >>> pieces = ["[UNK]", "[CLS]", "[SEP]", "play", "##ing", "!"]
    >>> path = write(pieces, pathlib.Path(tempfile.mkdtemp()) / "tokenizer.json")
    >>> Tokenizer.from_file(str(path)).encode("Playing!").tokens
    ['[CLS]', 'play', '##ing', '!', '[SEP]']
    """
    document, path = tokenizer_json(vocab), check.path(path)
    return storage.write_text_atomic(path, json.dumps(document, ensure_ascii=False, indent=2))


def write_vocab_txt(vocab, path) -> Path:
    """Write a WordPiece vocabulary as BERT's ``vocab.txt`` (one piece per line, the line number is its id) at
    ``path`` (atomically); returns the path. ``bert.load_vocab`` reads it back.

    >>> import tempfile, pathlib
    >>> from bpe_lab.bert import load_vocab
    >>> load_vocab(write_vocab_txt(["[UNK]", "[CLS]", "[SEP]", "a"], pathlib.Path(tempfile.mkdtemp()) / "vocab.txt"))
    {'[UNK]': 0, '[CLS]': 1, '[SEP]': 2, 'a': 3}
    """
    (pieces, _), path = check.wordpiece_export(vocab, REQUIRED, BERT_SPECIALS), check.path(path)
    return storage.write_text_atomic(path, "".join(piece + "\n" for piece in pieces))
