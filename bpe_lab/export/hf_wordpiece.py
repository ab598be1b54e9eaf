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
# vocab_pieces checks a vocabulary, tokenizer_json builds the document.
__all__ = ["REQUIRED", "write", "write_vocab_txt"]

BERT_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
REQUIRED = ("[UNK]", "[CLS]", "[SEP]")  # the model's unknown token and the post-processor's


def vocab_pieces(vocab) -> tuple[list, list]:
    """(pieces in id order, special tokens) of a ``wordpiece.train`` result, a list of pieces in id order or
    a dict piece -> id 0…n-1 (``bert.load_vocab``'s); ValueError for what BERT's files cannot hold: no
    pieces, an empty or repeated piece, a piece with a line break or whitespace (vocab.txt is one piece per
    line, and BERT splits on whitespace), a lone surrogate, or one of "[UNK]", "[CLS]", "[SEP]" missing.

    >>> vocab_pieces(["[UNK]", "[CLS]", "[SEP]", "a", "##b"])
    (['[UNK]', '[CLS]', '[SEP]', 'a', '##b'], ['[UNK]', '[CLS]', '[SEP]'])
    """
    specials = None
    if type(vocab).__name__ == "WordPieceResult":
        vocab, specials = list(vocab.vocab), list(vocab.special_tokens)
    elif isinstance(vocab, dict):
        if sorted(vocab.values()) != list(range(len(vocab))):
            raise ValueError("vocab, a dict, must map its pieces to the ids 0…n-1, each once")
        specials = getattr(vocab, "special_tokens", None)
        vocab = sorted(vocab, key=vocab.get)
    elif isinstance(vocab, (list, tuple)):
        vocab = list(vocab)
    else:
        raise TypeError(f"vocab (a WordPiece vocabulary) must be a wordpiece.train result, a list of "
                        f"pieces in id order "
                        f"or a dict piece -> id, got {type(vocab).__name__}")
    if not vocab:
        raise ValueError("vocab (a WordPiece vocabulary) is empty: BERT's files need at least [UNK], [CLS] and [SEP]")
    seen = set()
    for number, piece in enumerate(vocab):
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"piece {number} of vocab must be a non-empty str, got {check.short(piece)}")
        if piece in seen:
            raise ValueError(f"piece {number} of vocab ({piece!r}) is listed twice: each piece has one id")
        seen.add(piece)
        if any(char.isspace() for char in piece):
            raise ValueError(f"piece {number} of vocab ({check.short(piece)}) holds whitespace: "
                             f"vocab.txt holds one piece "
                             "per line and BERT splits words on whitespace, so it could never be used")
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"piece {number} of vocab ({check.short(piece)}) holds a lone surrogate, which cannot be "
                             "written as UTF-8") from None
    missing = [token for token in REQUIRED if token not in seen]
    if missing:
        raise ValueError(f"vocab (a WordPiece vocabulary) lacks {', '.join(missing)}: WordPiece needs "
                         f"[UNK] for words it cannot "
                         "cover and BERT's template needs [CLS] and [SEP]; add them (wordpiece.train does)")
    if specials is None:
        specials = [token for token in BERT_SPECIALS if token in seen]
    return vocab, list(specials)


def tokenizer_json(vocab) -> dict:
    """The ``tokenizer.json`` document for a WordPiece vocabulary (what ``write`` writes), as a dict."""
    pieces, specials = vocab_pieces(vocab)
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
    (``bert.load_vocab``'s); what ``vocab_pieces`` refuses raises ValueError.

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
    (pieces, _), path = vocab_pieces(vocab), check.path(path)
    return storage.write_text_atomic(path, "".join(piece + "\n" for piece in pieces))
