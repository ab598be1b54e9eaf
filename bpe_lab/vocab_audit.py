"""Tokens a vocabulary holds but encoding rarely or never gives: an audit of a byte-level BPE ``Tokenizer``.

A language model learns one embedding per token id, and only from the ids its training text was encoded
into. A token that its training text never (or rarely) gave stays close to the embedding it started with:
asked to repeat it, the model answers nonsense (the "glitch tokens", such as GPT-2's ' SolidGoldMagikarp',
a user name, probably frequent in the tokenizer's training text and rare in the model's). Four questions
find them:

    token bytes --valid UTF-8 on their own?-->                          no  -> partial_utf8_tokens
    token bytes --the tokenizer's merges alone--> the token itself?     no  -> unreachable_tokens
    token text  --the pre-tokenizer--> one chunk?                       no  -> unreachable_after_split (almost)
    a text      --encode_ordinary--> ids: is the token among them?      no  -> unseen_tokens

A partial token (a piece of a character, such as b'\\xc3') is not a fault: byte-level BPE needs the 256
bytes, and merges of them, to encode any text. An unreachable token is one the merges never build from its
own bytes, so no text can ever be encoded into it. An unseen token is one a given text never produced: in
a corpus like the model's training text, these are the candidates for glitch tokens.

>>> from bpe_lab.tokenizer import Tokenizer
>>> tok = Tokenizer(merges=[(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None)
>>> [tok.token_bytes(i) for i in unreachable_tokens(tok)]  # "abc" encodes as ab + c, never as a + bc
[b'abc']
>>> tok.encode("ab ab")  # only two of its 259 tokens are used: ab and the space
[256, 32, 256]
>>> unseen = unseen_tokens(tok, "ab ab")
>>> len(unseen), unseen[-2:]  # the other 257, bc and abc among them
(257, [257, 258])

This module only reads a tokenizer: encoding is ``bpe_lab.tokenizer``'s (``Tokenizer._encode_chunk`` is the
merge loop used here, run on every token at once by ``bpe_lab._batch_encode``, so "reachable" means exactly what
encoding does), the split patterns are
``bpe_lab.pretokenize``'s, and ``bpe_lab.byte_level.show_token`` shows a token readably. Argument checks
live in ``bpe_lab._checks.vocab_audit``. The three questions about a vocabulary alone (partial, unreachable, split)
are answered once per vocabulary and remembered (``_remembered``): a notebook cell run again asks them again, and
for o200k they take most of a second.
"""

from __future__ import annotations

import functools
import re

from . import _checks as check
from . import pretokenize
from .byte_level import show_token

__all__ = ["partial_utf8_tokens", "unreachable_tokens", "unreachable_after_split", "unseen_tokens", "token_table"]

_SPACE_OR_HEX = re.compile(r"⟨[^⟩]*⟩| ")  # a cut character's hex (kept as is), or a space of the text


def partial_utf8_tokens(tokenizer) -> list[int]:
    """The ids of the ordinary (non-special) tokens whose bytes are not valid UTF-8 on their own, in id order.

    Such a token holds part of a character (b'\\xc3', the first byte of 'é') or bytes from the ends of two
    characters; it decodes to '\\ufffd' alone. The 128 bytes 0x80-0xff are always among them.

    >>> from bpe_lab.tokenizer import Tokenizer
    >>> tok = Tokenizer(merges=[(b"\\xc3", b"\\xa9"), (b"t", b"\\xc3")])  # 'é' whole, and 't' + half an 'é'
    >>> [tok.token_bytes(i) for i in partial_utf8_tokens(tok) if i >= 256]
    [b't\\xc3']
    """
    tokenizer = check.audited_tokenizer(tokenizer)
    return _remembered(tokenizer, "partial", lambda: sorted(
        {token_id for token_id, token in zip(_ids(tokenizer), tokenizer.vocab) if not _is_utf8(token)}))


def unreachable_tokens(tokenizer) -> list[int]:
    """The ids of the ordinary tokens that encoding can never output, in id order.

    "Unreachable" means: the token's own bytes, run through the tokenizer's merges alone (lowest rank
    first, no pre-tokenizer), do not come out as that one token. Then no text can: wherever the token's bytes
    occur, BPE merges them (or more around them) the same way or splits them differently. It happens when an
    earlier merge takes bytes that the token's own merge needed (merges a+b, b+c, then a+bc: "abc" becomes
    ab + c), or when a later merge makes bytes an earlier merge already made (encoding keeps the first id).
    Single bytes are always reachable.

    What it does not cover: a token whose bytes BPE would build can still never appear if the pre-tokenizer
    never hands over a chunk that holds it (``unreachable_after_split``), or simply if no text you have
    contains it (``unseen_tokens``). A tokenizer built from tiktoken's ranks also leaves out, altogether,
    the tokens no pair merge makes (its ``.unmergeable`` list): they have no id here to report.

    >>> from bpe_lab.tokenizer import Tokenizer
    >>> tok = Tokenizer(merges=[(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None)
    >>> tok.encode("abc")  # b"abc" is id 258, but BPE merges a+b first
    [256, 99]
    >>> unreachable_tokens(tok)
    [258]
    """
    tokenizer = check.audited_tokenizer(tokenizer)
    return _remembered(tokenizer, "unreachable", lambda: _unreachable(tokenizer))


def _unreachable(tokenizer) -> list[int]:
    ids, vocab, batch = _ids(tokenizer), tokenizer.vocab, tokenizer._batch_encoder()
    if batch:  # speed: every token's bytes through the merge loop at once (bpe_lab._batch_encode)
        encoded = batch.encode_many(vocab[256:])
    else:
        encoded = [tuple(ids[p] for p in tokenizer._encode_chunk(token)) for token in vocab[256:]]
    return sorted({ids[k] for k, tokens in enumerate(encoded, start=256) if tokens != (ids[k],)})


def unreachable_after_split(tokenizer) -> list[int]:
    """The ids of the ordinary tokens whose text the pre-tokenizer splits into more than one chunk, in id order.

    BPE merges only inside a chunk, so such a token is never a whole chunk: it can only come out of a longer
    chunk that holds its text, and usually none does (GPT-2's pattern splits "a," into "a" and "," wherever
    they stand). "Usually", because a pattern that looks ahead can keep together in a longer chunk what it
    splits on its own: o200k splits " I'" into " I" and "'", but keeps " I'M" whole, which BPE encodes as
    " I'" + "M". So this is a list of tokens that are very likely never produced, not a proof; check a
    corpus with ``unseen_tokens``. Only tokens whose bytes are valid UTF-8 are looked at (a partial token has
    no text to split); a tokenizer without a pattern (``pattern=None``) gives [].

    >>> from bpe_lab.tokenizer import Tokenizer
    >>> tok = Tokenizer(merges=[(b"a", b","), (b" ", b"a")])  # GPT-2's pattern splits "a," into "a" and ","
    >>> [tok.token_bytes(i) for i in unreachable_after_split(tok)]
    [b'a,']
    """
    tokenizer = check.audited_tokenizer(tokenizer)
    if tokenizer.pattern is None:
        return []
    return _remembered(tokenizer, "split", lambda: _split_apart(tokenizer))


def _split_apart(tokenizer) -> list[int]:
    findall = pretokenize.compile_pattern(tokenizer.pattern).findall
    split = set()
    for token_id, token in zip(_ids(tokenizer), tokenizer.vocab):
        if len(token) > 1:
            try:
                text = token.decode("utf-8")
            except UnicodeDecodeError:  # a partial token: no text to split
                continue
            if len(findall(text)) > 1:
                split.add(token_id)
    return sorted(split)


def unseen_tokens(tokenizer, text: str) -> list[int]:
    """The ids of the ordinary tokens never produced when encoding ``text`` (``encode_ordinary``), in id order.

    Special tokens are left out: ordinary encoding never gives them. An empty text gives every ordinary id.
    It costs one encoding of the text: under a second for GPT-2 on Pride and Prejudice (about 700 KB).

    >>> from bpe_lab.tokenizer import Tokenizer
    >>> tok = Tokenizer(merges=[(b"a", b"b"), (b"ab", b"c")], pattern=None)
    >>> [tok.token_bytes(i) for i in unseen_tokens(tok, "abab") if i >= 256]  # ab is used, abc is not
    [b'abc']
    """
    tokenizer, text = check.audited_text(tokenizer, text)
    return sorted(set(_ids(tokenizer)).difference(tokenizer.encode_ordinary(text)))


def token_table(tokenizer, ids):
    """A pandas DataFrame, one row per id: the token shown readably, its length in bytes and three flags.

    Columns: ``id``, ``token`` (``show_token``: cut characters as ⟨hex⟩; a space as ␣, as in
    ``Tokenizer.vocab_listing``), ``bytes`` (its length),
    ``utf8`` (valid UTF-8 alone), ``reachable`` (its own bytes encode to it: ``unreachable_tokens``),
    ``one_chunk`` (the pre-tokenizer keeps its text whole; False for a partial token, whose text cannot be
    split). ``ids`` are ordinary token ids of ``tokenizer``, in the order the rows should have.

    >>> from bpe_lab.tokenizer import Tokenizer
    >>> tok = Tokenizer(merges=[(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None)
    >>> token_table(tok, [97, 256, 258])
        id token  bytes  utf8  reachable  one_chunk
    0   97     a      1  True       True       True
    1  256    ab      2  True       True       True
    2  258   abc      3  True      False       True
    """
    import pandas as pd  # only this function needs pandas; importing it takes a second

    tokenizer = check.audited_tokenizer(tokenizer)
    all_ids = _ids(tokenizer)
    position = {token_id: k for k, token_id in reversed(list(enumerate(all_ids)))}  # id -> first position
    ids = check.audited_ids(ids, position)
    compiled = None if tokenizer.pattern is None else pretokenize.compile_pattern(tokenizer.pattern)
    rows = []
    for token_id in ids:
        token = tokenizer.vocab[position[token_id]]
        utf8 = _is_utf8(token)
        reachable = len(token) == 1 or [all_ids[p] for p in tokenizer._encode_chunk(token)] == [token_id]
        one_chunk = utf8 and (compiled is None or len(compiled.findall(token.decode("utf-8"))) == 1)
        rows.append({"id": token_id, "token": _shown(token), "bytes": len(token), "utf8": utf8,
                     "reachable": reachable, "one_chunk": one_chunk})
    return pd.DataFrame(rows, columns=["id", "token", "bytes", "utf8", "reachable", "one_chunk"])


def _remembered(tokenizer, question: str, work) -> list[int]:
    """``work()``, the answer to a question about the tokenizer's vocabulary alone, worked out the first time it is
    asked of that vocabulary: its split pattern, tokens, ids and merges, whichever tokenizer holds them (a notebook
    cell run again may load the same vocabulary again). The answers for the last four vocabularies asked about are
    kept. Each call returns a list of its own."""
    # subtle: the key's tuples compare element by element, each first by identity: a few ms for o200k
    answers = _answers((tokenizer.pattern, tuple(tokenizer.vocab), tuple(tokenizer._external), tuple(tokenizer.merges)))
    if question not in answers:
        answers[question] = work()
    return list(answers[question])


@functools.lru_cache(maxsize=4)
def _answers(vocabulary: tuple) -> dict[str, list[int]]:
    """The answers found so far for one vocabulary (question -> ids), filled in by ``_remembered``."""
    return {}


def _ids(tokenizer) -> list[int]:
    """The id of each token in vocabulary order (the 256 bytes, then one per merge): GPT-2 numbers its bytes
    its own way, so ids are read from the tokenizer, not assumed. Read straight from the tokenizer's own list
    (``to_dict`` would also convert every merge to text: most of a second for o200k's 200,000)."""
    return list(tokenizer._external)


def _shown(token: bytes) -> str:
    """``show_token`` with each space of the text as ␣ (not the spaces between the hex of a cut character)."""
    return _SPACE_OR_HEX.sub(lambda match: "␣" if match.group() == " " else match.group(), show_token(token))


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
