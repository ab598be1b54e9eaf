"""Bad-input rows for bpe_lab.sentencepiece: one call per row (what a row checks: conftest.py)."""

import functools
import io

import sentencepiece as spm

from bpe_lab import corpus, sentencepiece
from bpe_lab.sentencepiece import Normalizer, model_file
from bpe_lab.sentencepiece.charsmap import CharsMap

from .conftest import NAN, TMP, Rows, missing, tmpfile

ROWS = Rows("sentencepiece")
raises, documented = ROWS.raises, ROWS.documented
PIECES = [("<unk>", 0.0, 2), ("<s>", 0.0, 3), ("▁a", -1.0, 1), ("a", -2.0, 1), ("▁", -3.0, 1)]
IDENTITY = {"name": "identity", "add_dummy_prefix": True, "remove_extra_whitespaces": True, "escape_whitespaces": True}
BOTCHAN = corpus.data_path("botchan_en_unigram_1000.model")
CHARSMAP = bytes.fromhex("0c000000" "00800100" "610d0000" "00000080") + "Ä".encode() + b"\0"  # "a" -> "Ä"


def trained(name: str, **options) -> bytes:
    """A small model SentencePiece trains on the novel's first 300 lines (well under a second)."""
    model = io.BytesIO()
    lines = [line for line in corpus.load_text().splitlines() if line.strip()][:300]
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, vocab_size=120, minloglevel=2,
                                   **options)
    return model.getvalue()


@functools.cache
def WORD_PATH():
    return tmpfile("word.model", trained("word", model_type="word"))


@functools.cache
def BROKEN_MAP_PATH():
    """The Botchan model with its character map's size field saying more bytes than the map has."""
    found = model_file.read(BOTCHAN)
    blob = found.normalizer["precompiled_charsmap"]
    found.normalizer["precompiled_charsmap"] = (len(blob) + 8).to_bytes(4, "little") + blob[4:]
    return tmpfile("broken_map.model", model_file.serialize(found))


@functools.cache
def NO_UNK_PATH():
    found = model_file.read(BOTCHAN)
    found.pieces = [(piece, score, 1 if kind == 2 else kind) for piece, score, kind in found.pieces]
    return tmpfile("no_unk.model", model_file.serialize(found))


@functools.cache
def MODEL():
    return sentencepiece.SentencePieceUnigram(PIECES, IDENTITY)


WORD_PATH(), BROKEN_MAP_PATH(), NO_UNK_PATH()  # made here, at import, so that no row's time limit counts them

# reading: sentencepiece.load, and the file reader it calls
for target, read in (("sentencepiece.load", sentencepiece.load), ("sentencepiece.model_file.read", model_file.read)):
    raises(target, "path=5", lambda read=read: read(5), TypeError, r"path must be a file path")
    raises(target, "a missing file", lambda read=read: read(missing("m.model")), FileNotFoundError,
        r"no SentencePiece model at ")
    raises(target, "a folder", lambda read=read: read(TMP), IsADirectoryError, r"is a folder, not a SentencePiece model")
    raises(target, "an empty file", lambda read=read: read(tmpfile("empty.model", b"")), ValueError,
        r"empty\.model is not a SentencePiece model: it holds no pieces")
    raises(target, "a text file", lambda read=read: read(tmpfile("text.model", "hello world\n" * 20)), ValueError,
        r"text\.model is not a readable SentencePiece model: .* truncated or damaged")
    raises(target, "a truncated model", lambda read=read: read(tmpfile("cut.model", BOTCHAN.read_bytes()[:5000])),
        ValueError, r"cut\.model is not a readable SentencePiece model: truncated")
raises("sentencepiece.load", "a model without <unk>", lambda: sentencepiece.load(NO_UNK_PATH()), ValueError,
    r"no_unk\.model is not a usable SentencePiece model: pieces are unusable: it needs one unknown piece .* has 0")
raises("sentencepiece.load", "a word model", lambda: sentencepiece.load(WORD_PATH()), ValueError,
    r"word\.model holds a SentencePiece model with model_type=word, which bpe_lab does not run")
raises("sentencepiece.load", "model_type='bpe' for a Unigram model", lambda: sentencepiece.load(BOTCHAN, "bpe"),
    ValueError, r"holds a SentencePiece Unigram model, not BPE: read it with bpe_lab\.unigram\.read_sentencepiece_model")
raises("sentencepiece.load", "model_type='char'", lambda: sentencepiece.load(BOTCHAN, "char"), ValueError,
    r"model_type must be 'bpe', 'unigram' or None \(either\), got 'char'")
raises("sentencepiece.load", "a broken character map", lambda: sentencepiece.load(BROKEN_MAP_PATH()), ValueError,
    r"broken_map\.model is not a usable SentencePiece model: .* is broken: it says its trie takes \d+ bytes")

# the model: one interface for BPE and Unigram (sentencepiece.Model)
raises("sentencepiece.Model", "pieces=5", lambda: sentencepiece.Model(5), TypeError, r"pieces must be a list of")
raises("sentencepiece.Model", "pieces=[]", lambda: sentencepiece.Model([]), ValueError, r"pieces must be a non-empty")
raises("sentencepiece.Model", "pieces without <unk>", lambda: sentencepiece.Model(PIECES[1:]), ValueError,
    r"pieces are unusable: it needs one unknown piece \(type 2, such as '<unk>'\), and has 0")
raises("sentencepiece.Model", "a piece of type 9", lambda: sentencepiece.Model(PIECES + [("b", -1.0, 9)]),
    ValueError, r"piece 5 \('b'\) has the type 9, not 1 \(normal\)")
raises("sentencepiece.Model", "a byte piece without byte_fallback",
    lambda: sentencepiece.Model(PIECES + [("<0x41>", 0.0, 6)]), ValueError,
    r"it holds 1 byte pieces, but byte_fallback is off")
raises("sentencepiece.Model", "a byte piece '<0x4G>'", lambda: sentencepiece.Model(PIECES + [("<0x4G>", 0.0, 6)]),
    ValueError, r"has the type 6 \(byte\) but is not a byte piece such as '<0xE6>'")
raises("sentencepiece.Model", "byte_fallback=True without byte pieces",
    lambda: sentencepiece.Model(PIECES, IDENTITY, True), ValueError,
    r"byte_fallback=True needs the 256 byte pieces .* pass byte_fallback=False")
raises("sentencepiece.Model", "byte_fallback='yes'", lambda: sentencepiece.Model(PIECES, IDENTITY, "yes"), TypeError,
    r"byte_fallback must be True or False")
raises("sentencepiece.Model", "normalizer='nfkc'", lambda: sentencepiece.Model(PIECES, "nfkc"), TypeError,
    r"normalizer must be a sentencepiece\.Normalizer or a dict with the keys name, add_dummy_prefix")
raises("sentencepiece.Model", "normalizer={'name': 'nfkc', ...} without its map",
    lambda: sentencepiece.Model(PIECES, {**IDENTITY, "name": "nfkc"}), ValueError,
    r"normalizer 'nfkc' needs its compiled character map, which only a \.model file holds: .*sentencepiece\.load")
raises("sentencepiece.Model", "normalizer={..., 'add_dummy_prefix': 1}",
    lambda: sentencepiece.Model(PIECES, {**IDENTITY, "add_dummy_prefix": 1}), TypeError,
    r"add_dummy_prefix must be True or False")
raises("sentencepiece.Model", "unk_surface=5", lambda: sentencepiece.Model(PIECES, unk_surface=5), TypeError,
    r"unk_surface must be a str")
raises("sentencepiece.Model", "denormalizer=5", lambda: sentencepiece.Model(PIECES, denormalizer=5), TypeError,
    r"normalizer must be a sentencepiece\.Normalizer or a dict")
for method in ("normalize", "encode", "encode_pieces"):
    raises(f"sentencepiece.Model.{method}", "text=5", lambda m=method: getattr(MODEL(), m)(5), TypeError,
        r"text must be a str \(or UTF-8 bytes\), got int")
    raises(f"sentencepiece.Model.{method}", "text=None", lambda m=method: getattr(MODEL(), m)(None), TypeError,
        r"text must be a str \(or UTF-8 bytes\), got NoneType")
    raises(f"sentencepiece.Model.{method}", "text='a\\ud800'", lambda m=method: getattr(MODEL(), m)("a\ud800"),
        ValueError, r"text holds a lone surrogate U\+D800 at index 1, .* pass the text as bytes")
documented("sentencepiece.Model.encode", "text=''", lambda: MODEL().encode(""), lambda v: v == [], "[]",
    r"empty text \(or one of spaces only\) gives \[\]")
documented("sentencepiece.Model.encode_pieces", "text=b'a\\xff'", lambda: MODEL().encode_pieces(b"a\xff"),
    lambda v: v == ["▁a", "\ufffd"], "['▁a', '\ufffd']", r"byte that is not UTF-8 becomes U\+FFFD")
raises("sentencepiece.Model.encode_batch", "texts=5", lambda: MODEL().encode_batch(5), TypeError,
    r"texts must be a list of texts, got int")
raises("sentencepiece.Model.encode_batch", "texts='the cat'", lambda: MODEL().encode_batch("the cat"), TypeError,
    r"texts must be a list of texts, not one str")
raises("sentencepiece.Model.encode_batch", "texts=['a', 5]", lambda: MODEL().encode_batch(["a", 5]), TypeError,
    r"texts\[1\] must be a str \(or UTF-8 bytes\), got int")
raises("sentencepiece.Model.encode_batch", "texts=['a\\ud800']", lambda: MODEL().encode_batch(["a\ud800"]),
    ValueError, r"texts\[0\] holds a lone surrogate U\+D800 at index 1")
documented("sentencepiece.Model.encode_batch", "texts=[]", lambda: MODEL().encode_batch([]), lambda v: v == [], "[]",
    r"\[encode\(text\) for text in texts\]")
documented("sentencepiece.SentencePieceBPE.encode_batch", "texts=['', b'a\\xff'] (a BPE model)",
    lambda: sentencepiece.SentencePieceBPE(PIECES).encode_batch(["", b"a\xff"]), lambda v: v == [[], [2, 0]],
    "[[], [2, 0]]", r"\[encode\(text\) for text in texts\]")
raises("sentencepiece.Model.decode", "ids=5", lambda: MODEL().decode(5), TypeError, r"ids must be a list of ids from 0 to 4")
raises("sentencepiece.Model.decode", "ids='ab'", lambda: MODEL().decode("ab"), TypeError, r"ids must be a list of ids")
raises("sentencepiece.Model.decode", "ids=[5]", lambda: MODEL().decode([5]), ValueError,
    r"ids\[0\] must be an id from 0 to 4, got 5")
raises("sentencepiece.Model.decode", "ids=[-1]", lambda: MODEL().decode([-1]), ValueError, r"ids\[0\] must be an id")
raises("sentencepiece.Model.decode", "ids=[1.5]", lambda: MODEL().decode([1.5]), TypeError,
    r"ids\[0\] must be an id from 0 to 4, got 1\.5")
documented("sentencepiece.Model.decode", "ids=[]", lambda: MODEL().decode([]), lambda v: v == "", "''",
    r"\[\] gives ''")
documented("sentencepiece.Model.decode", "ids=[0] (<unk>)", lambda: MODEL().decode([0]), lambda v: v == " \u2047 ",
    "' ⁇ '", r'"<unk>" -> " ⁇ "')
raises("sentencepiece.Model.id_to_piece", "piece_id=5", lambda: MODEL().id_to_piece(5), ValueError,
    r"piece_id must be a whole number from 0 to 4, got 5")
raises("sentencepiece.Model.id_to_piece", "piece_id='0'", lambda: MODEL().id_to_piece("0"), TypeError,
    r"piece_id must be a whole number")
raises("sentencepiece.Model.piece_to_id", "piece=5", lambda: MODEL().piece_to_id(5), TypeError,
    r"piece must be a str such as '▁the', got int")
documented("sentencepiece.Model.piece_to_id", "piece='zz' (not a piece)", lambda: MODEL().piece_to_id("zz"),
    lambda v: v == 0, "0", r'lacks gives the id of "<unk>"')
raises("sentencepiece.SentencePieceUnigram", "pieces=5", lambda: sentencepiece.SentencePieceUnigram(5), TypeError,
    r"pieces must be a list of")
raises("sentencepiece.SentencePieceUnigram", "only control pieces",
    lambda: sentencepiece.SentencePieceUnigram([("<unk>", 0.0, 2), ("<s>", 0.0, 3)]), ValueError,
    r"pieces hold no normal pieces to segment with")
raises("sentencepiece.SentencePieceBPE", "unused and user-defined pieces",
    lambda: sentencepiece.SentencePieceBPE(PIECES + [("ab", -1.0, 5), ("<sep>", 0.0, 4)]), ValueError,
    r"pieces hold both unused and user-defined pieces: .* not run here")

# the normaliser
raises("sentencepiece.Normalizer", "name=5", lambda: Normalizer(5), TypeError, r"name must be a str")
raises("sentencepiece.Normalizer", "charsmap=b'...'", lambda: Normalizer("x", CHARSMAP), TypeError,
    r"charsmap must be a sentencepiece\.charsmap\.CharsMap or None")
raises("sentencepiece.Normalizer", "add_dummy_prefix='yes'", lambda: Normalizer(add_dummy_prefix="yes"), TypeError,
    r"add_dummy_prefix must be True or False")
raises("sentencepiece.Normalizer", "user_defined={'a'}", lambda: Normalizer(user_defined={"a"}), TypeError,
    r"user_defined must be a frozenset of pieces")
raises("sentencepiece.Normalizer", "user_defined=frozenset({''})", lambda: Normalizer(user_defined=frozenset({""})),
    ValueError, r"user_defined must hold non-empty pieces")
raises("sentencepiece.Normalizer.from_spec", "spec=5", lambda: Normalizer.from_spec(5), TypeError,
    r"normalizer must be a sentencepiece\.Normalizer or a dict with the keys")
raises("sentencepiece.Normalizer.from_spec", "spec={'name': 'nmt_nfkc', ...}",
    lambda: Normalizer.from_spec({**IDENTITY, "name": "nmt_nfkc"}), ValueError,
    r"normalizer 'nmt_nfkc' needs its compiled character map")
raises("sentencepiece.Normalizer.from_spec", "spec with a broken map",
    lambda: Normalizer.from_spec({**IDENTITY, "precompiled_charsmap": b"\xff" * 8}), ValueError,
    r"the character map of the normaliser is broken")
raises("sentencepiece.Normalizer.from_spec", "treat_whitespace_as_suffix=1",
    lambda: Normalizer.from_spec(IDENTITY, 1), TypeError, r"treat_whitespace_as_suffix must be True or False")
raises("sentencepiece.Normalizer.from_spec", "source=5", lambda: Normalizer.from_spec(IDENTITY, False, 5), TypeError,
    r"source must be a str")
raises("sentencepiece.Normalizer.keeping", "user_defined=5", lambda: Normalizer().keeping(5), TypeError,
    r"user_defined must be a list of pieces")
raises("sentencepiece.Normalizer.keeping", "user_defined='<sep>'", lambda: Normalizer().keeping("<sep>"), TypeError,
    r"user_defined must be a list of pieces")
raises("sentencepiece.Normalizer.keeping", "user_defined=['']", lambda: Normalizer().keeping([""]), ValueError,
    r"user_defined must hold non-empty pieces")
raises("sentencepiece.Normalizer.normalize", "text=5", lambda: Normalizer().normalize(5), TypeError,
    r"text must be a str \(or UTF-8 bytes\)")
raises("sentencepiece.Normalizer.normalize", "text='\\udc80'", lambda: Normalizer().normalize("\udc80"), ValueError,
    r"text holds a lone surrogate U\+DC80")
documented("sentencepiece.Normalizer.normalize", "text=b'\\xff'", lambda: Normalizer().normalize(b"\xff"),
    lambda v: v == "▁\ufffd", "'▁\ufffd'", r"byte that is not UTF-8 becomes U\+FFFD")

# the compiled character map
raises("sentencepiece.charsmap.CharsMap", "blob='abc'", lambda: CharsMap("abc"), TypeError, r"blob must be bytes")
raises("sentencepiece.charsmap.CharsMap", "blob=b''", lambda: CharsMap(b""), ValueError,
    r"the character map is broken: it says its trie takes 0 bytes")
raises("sentencepiece.charsmap.CharsMap", "blob=b'\\xff' * 8", lambda: CharsMap(b"\xff" * 8), ValueError,
    r"the character map is broken")
raises("sentencepiece.charsmap.CharsMap", "source=5", lambda: CharsMap(CHARSMAP, 5), TypeError, r"source must be a str")
raises("sentencepiece.charsmap.CharsMap.prefix_matches", "data='a'", lambda: CharsMap(CHARSMAP).prefix_matches("a"),
    TypeError, r"data must be bytes")
raises("sentencepiece.charsmap.CharsMap.longest_match", "text=5", lambda: CharsMap(CHARSMAP).longest_match(5, 0),
    TypeError, r"text must be a str, got int")
raises("sentencepiece.charsmap.CharsMap.longest_match", "text=''", lambda: CharsMap(CHARSMAP).longest_match("", 0),
    ValueError, r"text must not be empty")
raises("sentencepiece.charsmap.CharsMap.longest_match", "start=2", lambda: CharsMap(CHARSMAP).longest_match("ab", 2),
    ValueError, r"start must be a whole number from 0 to 1, got 2")
raises("sentencepiece.charsmap.CharsMap.longest_match", "start='0'",
    lambda: CharsMap(CHARSMAP).longest_match("ab", "0"), TypeError, r"start must be a whole number")

# writing: model_file.write (export.to_sentencepiece calls it) and the pieces of a written Unigram model
raises("sentencepiece.model_file.model_pieces", "log_probs=5", lambda: model_file.model_pieces(5), TypeError,
    r"log_probs \(a Unigram model\) must be a unigram.train result or a dict")
raises("sentencepiece.model_file.model_pieces", "log_probs={}", lambda: model_file.model_pieces({}), ValueError,
    r"log_probs \(a Unigram model\) has no pieces")
raises("sentencepiece.model_file.write", "log_probs={}", lambda: model_file.write({}, tmpfile("m", "")), ValueError,
    r"log_probs \(a Unigram model\) has no pieces")
raises("sentencepiece.model_file.write", "log_probs=['a']", lambda: model_file.write(["a"], tmpfile("m", "")),
    TypeError, r"log_probs \(a Unigram model\) must be a unigram.train result or a dict .* got list")
raises("sentencepiece.model_file.write", "log_probs={'▁a b': -1.0}",
    lambda: model_file.write({"▁a b": -1.0}, tmpfile("m", "")), ValueError,
    r"the piece '▁a b' of log_probs holds a space, .* write '▁' instead")
raises("sentencepiece.model_file.write", "log_probs={'<unk>': -1.0}",
    lambda: model_file.write({"<unk>": -1.0}, tmpfile("m", "")), ValueError, r"the piece '<unk>' of log_probs is reserved")
raises("sentencepiece.model_file.write", "log_probs={'\\udc80': -1.0}",
    lambda: model_file.write({"\udc80": -1.0}, tmpfile("m", "")), ValueError, r"of log_probs holds a lone surrogate")
raises("sentencepiece.model_file.write", "log_probs={'a': nan}", lambda: model_file.write({"a": NAN}, tmpfile("m", "")),
    ValueError, r"log_probs: the log-probability of 'a' must be a finite number at most 0, got nan")
raises("sentencepiece.model_file.write", "log_probs={'a': -1e39}",
    lambda: model_file.write({"a": -1e39}, tmpfile("m", "")), ValueError, r"below what a 32-bit float holds")
raises("sentencepiece.model_file.write", "path=5", lambda: model_file.write({"a": -1.0}, 5), TypeError,
    r"path must be a file path")
raises("sentencepiece.model_file.write", "path=missing folder",
    lambda: model_file.write({"a": -1.0}, TMP / "missing" / "m"), FileNotFoundError,
    r"cannot save to .*: the folder .* does not exist")
raises("sentencepiece.model_file.byte_piece", "byte=256", lambda: model_file.byte_piece(256), ValueError,
    r"byte must be a whole number from 0 to 255")

test_bad_input = ROWS.test()
