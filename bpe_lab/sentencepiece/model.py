"""What every SentencePiece model does with a text, and back: one interface for BPE and Unigram models.

    encode(text)          normalise it (``normalizer.py``), cut it into pieces (the model type's own step:
                          ``bpe.py`` merges by score, ``unigram.py`` runs Viterbi), then the ids; a piece the
                          vocabulary lacks becomes its UTF-8 bytes "<0xE6>" ... with byte fallback, otherwise
                          "<unk>" (a run of unknown pieces one "<unk>")            -> [ids]
    encode_batch(texts)   encode(text) for each text (a BPE model merges their new words at once) -> [[ids]]
    encode_pieces(text)   the same, as pieces ("<unk>" as the text it stands for)  -> [pieces]
    decode(ids)           byte pieces reassembled, "▁" -> " ", the dummy prefix's space dropped, "<unk>" ->
                          " ⁇ ", control pieces (<s>, </s>) dropped, then the denormaliser if the model has one
    id_to_piece, piece_to_id, vocab_size, normalize

each as ``SentencePieceProcessor`` does it (``sentencepiece_processor.cc``: ``Encode``,
``PopulateSentencePieceText``, ``Decode``). ``Model`` is the part both model types share; this module does not
cut a text (the subclasses do), sample (subword regularisation) or add <s> and </s>.
"""

from __future__ import annotations

from .. import _checks as check
from .model_file import BYTE, BYTE_PIECES, CONTROL, UNK_SURFACE, UNKNOWN, USER_DEFINED, ModelFile
from .normalizer import SPACE, Normalizer

__all__ = ["Model"]


class Model:
    """A SentencePiece model: ``pieces`` ``(piece, score, type)`` in id order, its ``normalizer`` (a
    ``Normalizer``, or a dict of a name and switches for "identity"; None: identity), ``byte_fallback``,
    and for decoding ``unk_surface`` and a ``denormalizer``. Made by ``sentencepiece.load`` or a trainer."""

    model_type = ""  # "bpe" or "unigram": the subclass says

    def __init__(self, pieces: list, normalizer=None, byte_fallback: bool = False, *, unk_surface: str = UNK_SURFACE,
                 denormalizer=None):
        self.pieces, self.byte_fallback = check.sentencepiece_pieces(pieces, byte_fallback)
        self.ids = {piece: i for i, (piece, _, _) in enumerate(self.pieces)}
        self.unk_id = next(i for i, (_, _, kind) in enumerate(self.pieces) if kind == UNKNOWN)
        user_defined = [piece for piece, _, kind in self.pieces if kind == USER_DEFINED]
        self.normalizer = _normalizer(normalizer, "normalizer").keeping(user_defined)  # user-defined pieces: as is
        self.denormalizer = None if denormalizer is None else _normalizer(denormalizer, "denormalizer")
        self.unk_surface = check.text(unk_surface, "unk_surface")
        self._byte_ids = [self.ids[piece] for piece, _, _ in BYTE_PIECES] if self.byte_fallback else []

    @property
    def vocab_size(self) -> int:
        """The number of pieces (ids run from 0 to vocab_size - 1)."""
        return len(self.pieces)

    def normalize(self, text) -> str:
        """The text as the model sees it before cutting it: ``'Emma  Woodhouse'`` -> ``'▁Emma▁Woodhouse'``.
        ``text`` may be bytes, read as SentencePiece reads them (a byte that is not UTF-8 becomes U+FFFD)."""
        return self.normalizer.normalize(text)  # it checks the text

    def encode(self, text) -> list[int]:
        """The ids of ``text``, as ``SentencePieceProcessor.encode(text)`` gives them.
        An empty text (or one of spaces only) gives []. ``text`` may be bytes: a byte that is not UTF-8 becomes
        U+FFFD, as in SentencePiece."""
        return self._ids([self.normalize(text)])[0]

    def encode_batch(self, texts) -> list[list[int]]:
        """``[encode(text) for text in texts]``, as ``SentencePieceProcessor.encode(texts)`` gives them; a BPE model
        merges the new words of all the texts at once (``bpe.py``), much faster than one ``encode`` a text.

        >>> from bpe_lab import corpus, sentencepiece
        >>> model = sentencepiece.load(corpus.data_path("botchan_en_unigram_1000.model"))
        >>> model.encode_batch(["the cat", "", b"the"])
        [[7, 78, 77], [], [7]]
        """
        texts = check.sentencepiece_texts(texts)
        return self._ids([self.normalizer._normalize(text) for text in texts])

    def encode_pieces(self, text) -> list[str]:
        """The pieces of ``text``, as ``SentencePieceProcessor.encode(text, out_type=str)`` gives them.
        An empty text (or one of spaces only) gives []. ``text`` may be bytes: a byte that is not UTF-8 becomes
        U+FFFD, as in SentencePiece."""
        return [piece for piece, _ in self._encode(text)]

    def decode(self, ids) -> str:
        """The text of ``ids``, as ``SentencePieceProcessor.decode(ids)`` gives it: "<unk>" -> " ⁇ " (the model's
        unk_surface), <s> and </s> -> nothing, byte pieces as the UTF-8 they spell. [] gives ''."""
        ids = check.sentencepiece_ids(ids, self.vocab_size)
        out, pending, at_start, start_taken, written = [], bytearray(), True, False, False
        for piece_id in ids:
            piece, _, kind = self.pieces[piece_id]
            if kind == BYTE:  # bytes wait for the next piece that is not one: a character may need several
                pending.append(int(piece[3:5], 16))
                continue
            if pending:
                out.append(_utf8(pending))
                pending, written = bytearray(), True
            if start_taken or written:
                at_start = False  # only the first piece that starts with "▁" gives its space up
            surface, start_taken = self._decode_piece(piece, kind, at_start)
            out.append(surface)
            written = written or bool(surface)
        out.append(_utf8(pending))
        text = "".join(out)
        return self.denormalizer.normalize(text) if self.denormalizer else text

    def id_to_piece(self, piece_id: int) -> str:
        """The piece of an id: ``id_to_piece(0)`` -> ``'<unk>'`` in most models."""
        return self.pieces[check.sentencepiece_id(piece_id, self.vocab_size)][0]

    def piece_to_id(self, piece: str) -> int:
        """The id of a piece; a piece the model lacks gives the id of "<unk>" (as in SentencePiece)."""
        return self.ids.get(check.sentencepiece_piece(piece), self.unk_id)

    def model_file(self) -> ModelFile:
        """Everything a ``.model`` file needs to hold for this model (``model_file.write`` writes it)."""
        return ModelFile(list(self.pieces), self.model_type, self.byte_fallback,
                         self.normalizer.treat_whitespace_as_suffix, self.unk_surface, self.normalizer.spec(),
                         self.denormalizer.spec() if self.denormalizer else None)

    def _encode(self, text) -> list[tuple[str, int]]:
        """(piece, id) pairs: normalise, cut (``_segment``), then byte fallback or one "<unk>" per unknown run."""
        return self._spelled(self._segment(self.normalize(text)))

    def _ids(self, normalized_texts: list[str]) -> list[list[int]]:
        """The ids of each normalised text (a BPE model cuts them all at once)."""
        return [[piece_id for _, piece_id in self._spelled(self._segment(text))] for text in normalized_texts]

    def _spelled(self, segmented: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """(piece, id) pairs as ``_segment`` gives them, each unknown piece spelled in byte pieces (byte fallback)
        or a run of them made one "<unk>"."""
        encoded, previous_unknown = [], False
        for piece, piece_id in segmented:
            unknown = piece_id == self.unk_id
            if unknown and self.byte_fallback:  # its UTF-8 bytes, each a byte piece
                encoded += [(BYTE_PIECES[b][0], self._byte_ids[b]) for b in piece.encode("utf-8")]
            elif unknown and previous_unknown:  # subtle: a run of unknown pieces is one <unk>, its piece their text
                encoded[-1] = (encoded[-1][0] + piece, piece_id)
            else:
                encoded.append((piece, piece_id))
            previous_unknown = unknown
        return encoded

    def _segment(self, normalized: str) -> list[tuple[str, int]]:
        """The normalised text cut into (piece, id) pairs, the id of "<unk>" where the vocabulary has no piece."""
        raise NotImplementedError("a SentencePiece model type cuts the text: SentencePieceBPE, SentencePieceUnigram")

    def _decode_piece(self, piece: str, kind: int, at_start: bool) -> tuple[str, bool]:
        """(the text of one piece that is not a byte, whether it gave up the dummy prefix's space)."""
        if kind == CONTROL:
            return "", False
        if kind == UNKNOWN:
            return self.unk_surface, False
        taken = False
        if at_start and (self.normalizer.add_dummy_prefix or self.normalizer.remove_extra_whitespaces):
            if piece.startswith(SPACE):
                piece, taken = piece[1:], True
            # subtle: without extra spaces no piece can start with a space, so every leading "▁" goes
            taken = taken and not self.normalizer.remove_extra_whitespaces
        return piece.replace(SPACE, " "), taken

    def __repr__(self) -> str:
        return (f"{type(self).__name__}({self.vocab_size:,} pieces, {self.normalizer.name!r} normaliser"
                f"{', byte fallback' if self.byte_fallback else ''})")


def _normalizer(value, name: str) -> Normalizer:
    """A ``Normalizer`` as it is; a dict spec (``model_file``'s names, or a name and three switches) made one;
    None: identity. ``name``: the argument, for the error message."""
    if value is None:
        return Normalizer()
    return value if isinstance(value, Normalizer) else Normalizer.from_spec(check.normalizer_spec(value, name))


def _one_unk_per_run(ids: list[int], unk_id: int) -> list[int]:
    """``ids`` with each run of ``unk_id`` made one: ``_one_unk_per_run([0, 0, 5, 0], 0)`` -> ``[0, 5, 0]``."""
    return [piece_id for i, piece_id in enumerate(ids) if piece_id != unk_id or i == 0 or ids[i - 1] != unk_id]


def _utf8(data: bytes) -> str:
    """Bytes as text, each byte that is not part of a UTF-8 character as U+FFFD (SentencePiece's decoder)."""
    return data.decode("utf-8", errors="surrogateescape").translate(_NOT_UTF8)


_NOT_UTF8 = {code: "\ufffd" for code in range(0xDC80, 0xDD00)}
