"""SentencePiece's normaliser, as ``normalizer.cc`` runs it: what a text becomes before it is cut into pieces.

    1. the rules: at each position, the longest rule of the model's compiled character map that starts there
       replaces its text ("ﬁ" -> "fi", a tab -> " "); a user-defined piece is kept as it is; a character no
       rule starts stays; a byte that is not UTF-8 becomes U+FFFD;
    2. the spaces (``remove_extra_whitespaces``): leading ones go, a run of them becomes one, trailing ones go;
    3. "▁" (``escape_whitespaces``): every space becomes "▁", and one "▁" goes in front of the text
       (``add_dummy_prefix``), or at its end when the model treats whitespace as a suffix.

        "  Emma\tWoodhouse " -> "Emma Woodhouse" -> "▁Emma▁Woodhouse"         (nmt_nfkc)

The model file carries its normaliser (``normalizer_spec``), rules compiled in (``charsmap.py``): the text is
normalised by the map the model was trained with, whatever version of Unicode Python has. "identity" has no
rules, only the spaces. This module does not compile rules (SentencePiece's builder does), nor cut the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from .. import _checks as check
from .charsmap import CharsMap

__all__ = ["SPACE", "Normalizer"]

SPACE = "\u2581"  # "▁", SentencePiece's visible space
_RUNS_OF_SPACES = re.compile(" {2,}")
_NOT_UTF8 = re.compile("[\udc80-\udcff]")  # a byte that is not UTF-8, as errors="surrogateescape" reads it


@dataclass(frozen=True)
class Normalizer:
    """A normaliser: its name, its rules (a ``CharsMap``, or None for "identity"), its switches, and the pieces
    it leaves alone (the model's user-defined pieces).

    >>> Normalizer().normalize("  Emma   Woodhouse ")  # identity: spaces only
    '▁Emma▁Woodhouse'
    >>> Normalizer(remove_extra_whitespaces=False).normalize("  def f():")
    '▁▁▁def▁f():'
    >>> Normalizer(escape_whitespaces=False, add_dummy_prefix=False).normalize("a  b")
    'a b'
    """

    name: str = "identity"
    charsmap: CharsMap | None = None
    add_dummy_prefix: bool = True
    remove_extra_whitespaces: bool = True
    escape_whitespaces: bool = True
    treat_whitespace_as_suffix: bool = False
    user_defined: frozenset = field(default=frozenset(), repr=False)

    def __post_init__(self):
        check.normalizer_parts(self, CharsMap)
        by_first: dict[str, list] = {}
        for piece in sorted(self.user_defined, key=len, reverse=True):
            by_first.setdefault(piece[0], []).append(piece)
        object.__setattr__(self, "_user_defined_from", by_first)  # first character -> pieces, longest first
        object.__setattr__(self, "_may_change", None)  # where step 1 may change the text (_chunks): made when needed

    @classmethod
    def from_spec(cls, spec: dict, treat_whitespace_as_suffix: bool = False, source: str | None = None):
        """The normaliser a spec describes: a dict of ``model_file.NORMALIZER``'s names as the file ``source``
        holds it (run as SentencePiece runs it: without a character map, no rules, whatever its name), or a dict
        of a name and three switches a caller wrote (then a name other than "identity" needs a map)."""
        treat_whitespace_as_suffix = check.switch(treat_whitespace_as_suffix, "treat_whitespace_as_suffix")
        if source is None:
            spec = check.normalizer_spec(spec)
        else:
            check.text(source, "source")
        blob = spec.get("precompiled_charsmap", b"")
        charsmap = CharsMap(blob, f"the character map of {source or 'the normaliser'}") if blob else None
        return cls(spec["name"], charsmap, spec["add_dummy_prefix"], spec["remove_extra_whitespaces"],
                   spec["escape_whitespaces"], spec.get("treat_whitespace_as_suffix", treat_whitespace_as_suffix))

    def spec(self) -> dict:
        """The dict ``model_file`` writes (``from_spec`` reads it back)."""
        return {"name": self.name, "precompiled_charsmap": self.charsmap.blob if self.charsmap else b"",
                "add_dummy_prefix": self.add_dummy_prefix, "remove_extra_whitespaces": self.remove_extra_whitespaces,
                "escape_whitespaces": self.escape_whitespaces}

    def keeping(self, user_defined) -> Normalizer:
        """This normaliser, leaving ``user_defined`` pieces as they are (SentencePiece's prefix matcher)."""
        return replace(self, user_defined=frozenset(check.user_defined_pieces(user_defined)))

    def normalize(self, text) -> str:
        """The text as SentencePiece sees it before cutting it into pieces (steps 1-3 of the module docstring).
        ``text`` may be bytes: a byte that is not UTF-8 becomes U+FFFD, as SentencePiece reads it."""
        text = check.sentencepiece_text(text)
        return self._normalize(text)

    def _normalize(self, text: str) -> str:
        if not text:
            return ""  # subtle: even with a dummy prefix and the spaces kept
        chunks = self._chunks(text)  # 1. [("Emma", True), (" ", False), ("Woodhouse", True)]: (text, unchanged?)
        if self.remove_extra_whitespaces:  # 2. leading spaces (a chunk that became exactly " " counts)
            while chunks and chunks[0][0].startswith(" ") and (chunks[0][1] or chunks[0][0] == " "):
                rest = chunks[0][0].lstrip(" ") if chunks[0][1] else ""
                chunks = [(rest, True)] + chunks[1:] if rest else chunks[1:]
            if not chunks:
                return ""  # subtle: before the dummy prefix, so a text of spaces gives "" even as a suffix
        out = [" "] if self.add_dummy_prefix and not self.treat_whitespace_as_suffix else []
        after_space = self.remove_extra_whitespaces
        for chunk, unchanged in chunks:
            if self.remove_extra_whitespaces:
                if unchanged:  # each character of an unchanged run is a chunk of its own in SentencePiece
                    chunk = _RUNS_OF_SPACES.sub(" ", chunk)
                if after_space:
                    chunk = chunk.lstrip(" ")
                if chunk:  # subtle: a rule may give "" (a control character): the state stays
                    after_space = chunk.endswith(" ")
            out.append(chunk)
        normalized = "".join(out)
        space = SPACE if self.escape_whitespaces else " "
        if self.escape_whitespaces:  # 3.
            normalized = normalized.replace(" ", SPACE)
        if self.remove_extra_whitespaces:
            normalized = normalized.rstrip(space)  # subtle: also a "▁" the text itself ends with
        if self.add_dummy_prefix and self.treat_whitespace_as_suffix:
            normalized += space
        return normalized

    def _chunks(self, text: str) -> list[tuple[str, bool]]:
        """Step 1: the text as (chunk, unchanged) pairs: runs of characters no rule starts, and each rule's
        replacement (or user-defined piece, or U+FFFD for a byte that is not UTF-8) on its own."""
        if self.charsmap is None and not self.user_defined:
            return [(_NOT_UTF8.sub("\ufffd", text), True)] if text else []
        if self._may_change is None:  # a user-defined piece's first character, a byte that is not UTF-8, a rule mark
            marks = {*self._user_defined_from, *(self.charsmap.rule_marks if self.charsmap else ())}
            # subtle: a class looks characters past U+FFFF up one by one, so they are all marks here (a superset)
            marks = "".join(re.escape(mark) for mark in sorted(marks) if mark <= "\uffff")
            object.__setattr__(self, "_may_change", re.compile(f"[\\udc80-\\udcff{marks}\\U00010000-\\U0010ffff]"))
        chunks, run_start, i = [], 0, 0
        while (mark := self._may_change.search(text, i)) is not None:  # (the text between marks is skipped in C)
            at = mark.start()
            found = self._replacement_at(text, at - 1) if at > i else None  # subtle: a rule may start just before
            if found is None:
                found = self._replacement_at(text, at)
            else:
                at -= 1
            if found is None:
                i = at + 1
                continue
            if run_start < at:
                chunks.append((text[run_start:at], True))
            chunks.append((found[0], False))
            i = run_start = found[1]
        if run_start < len(text):
            chunks.append((text[run_start:], True))
        return chunks

    def _replacement_at(self, text: str, i: int) -> tuple[str, int] | None:
        """What SentencePiece's NormalizePrefix does at ``text[i]``, when it changes or fixes something: (the
        replacement, where the text goes on), or None when the character stays."""
        for piece in self._user_defined_from.get(text[i], ()):  # the longest first
            if text.startswith(piece, i):
                return piece, i + len(piece)  # kept as it is, never normalised
        if "\udc80" <= text[i] <= "\udcff":
            return "\ufffd", i + 1  # subtle: U+FFFD is not looked up in the map (nmt_nfkc maps a typed one to " ")
        return self.charsmap.longest_match(text, i) if self.charsmap else None

    def __repr__(self) -> str:
        switches = [name for name in ("add_dummy_prefix", "remove_extra_whitespaces", "escape_whitespaces",
                                      "treat_whitespace_as_suffix") if getattr(self, name)]
        rules = f"{len(self.charsmap.units):,}-unit character map" if self.charsmap else "no rules"
        return f"Normalizer({self.name!r}, {rules}; {', '.join(switches) or 'no switches'})"
