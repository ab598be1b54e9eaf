"""A WordPiece vocabulary as BERT's files: ``vocab.txt`` and a Hugging Face ``tokenizer.json``.

The ``tokenizer.json`` runs the pipeline of ``bpe_lab.bert.BertTokenizer`` (an uncased BERT):

    normalizer      ``BertNormalizer``: drop control characters, whitespace to spaces, spaces around CJK
                    ideographs, strip accents, lower-case
    pre_tokenizer   ``BertPreTokenizer``: split on whitespace and around every punctuation character
    model           ``WordPiece``: MaxMatch, "##" on continuations, "[UNK]" for a word it cannot cover
                    or longer than 100 characters
    post_processor  ``TemplateProcessing``: "[CLS] A [SEP]", and "[CLS] A [SEP] B [SEP]" for a pair
    decoder         ``WordPiece``: a "##" piece joins the piece before it, any other piece gets a space in
                    front, except one starting with . ? ! , n't 'm 's 've 're (its "cleanup");
                    ``bpe_lab.wordpiece.decode`` does the same

Ids are the positions of the pieces in the vocabulary. The special tokens (a ``wordpiece.train``
result's, or for a plain list those of BERT's "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]" it holds) are
listed as added tokens, as in BERT's own tokenizer.json: by default ``tokenizers`` keeps "[CLS]" in a text
whole, and with ``split_special_tokens=True`` it reads it as characters, as ``BertTokenizer`` does (``export``
states the rule). Their roles (``ROLES``): "[PAD]" pads, "[UNK]", "[CLS]", "[SEP]" and "[MASK]" are what their
names say.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import _checks as check
from .. import storage

# tokenizer_json is the entry point of export.to_hf; write (its one-file form) and write_vocab_txt write files.
__all__ = ["REQUIRED", "ROLES", "tokenizer_json", "write", "write_vocab_txt"]

BERT_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
REQUIRED = ("[UNK]", "[CLS]", "[SEP]")  # the model's unknown token and the post-processor's
ROLES = {"pad_token": "[PAD]", "unk_token": "[UNK]", "cls_token": "[CLS]", "sep_token": "[SEP]",
         "mask_token": "[MASK]"}


def tokenizer_json(vocab) -> tuple[dict, dict]:
    """(the ``tokenizer.json`` document of a WordPiece vocabulary, its roles), as dicts; what ``write`` writes.

    >>> document, roles = tokenizer_json(["[UNK]", "[CLS]", "[SEP]", "a", "##b"])
    >>> [token["content"] for token in document["added_tokens"]], roles["cls_token"], "mask_token" in roles
    (['[UNK]', '[CLS]', '[SEP]'], '[CLS]', False)
    """
    pieces, specials = check.wordpiece_export(vocab, REQUIRED, BERT_SPECIALS)
    ids = {piece: i for i, piece in enumerate(pieces)}

    def special(token, type_id):
        return {"SpecialToken": {"id": token, "type_id": type_id}}

    def sequence(name, type_id):
        return {"Sequence": {"id": name, "type_id": type_id}}

    document = {
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
        # cleanup: no space before . ? ! , n't 'm 's 've 're (bpe_lab.wordpiece.decode does the same)
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": ids},
    }
    # a role whose token the vocabulary lacks is left out, except [PAD]: export.to_hf adds it to a folder
    roles = {role: token for role, token in ROLES.items() if token in specials or role == "pad_token"}
    return document, roles


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
    (document, _), path = tokenizer_json(vocab), check.path(path)
    return storage.write_text_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")


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
