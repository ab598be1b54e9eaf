"""Every word's lattice at once, as NumPy arrays: the speed-ups behind ``training.py``.

``training.py`` defines each step for one word (``_forward_backward``, ``_viterbi_pieces``,
``_best_without_itself``); training runs the same steps for every distinct word of the corpus at once,
here. Tests check that both give the same numbers. Four tricks, each in one place:

1. **Substrings counted one length at a time** (``Substrings``). Every substring of length L is given an
   id, its rank among the distinct substrings of that length: ``np.unique`` of (the id of its first L−1
   characters) × (alphabet size) + (its last character). So the seed is counted with about 15 NumPy calls
   instead of one dict update per substring, and the same ids say where each seed piece occurs.
2. **One lattice for the whole corpus** (``Graph``). The words' positions are laid side by side (word w
   of n characters owns n + 1 nodes); an arc is (start node, end node, piece id). Built once from the seed
   vocabulary; pruning only ever removes pieces, so later lattices are the same arcs, filtered.
3. **Forward and backward in layers.** The forward value at k characters into a word depends only on
   positions before k, so all arcs ending k characters into their words are done in one step (k = 1, 2,
   …, the longest word); the backward pass goes by distance from the word's end.
4. **Log-sum-exp per node in three calls.** Arcs are sorted so that the arcs ending at one node are
   contiguous: ``np.maximum.reduceat`` gives each node's peak, ``np.add.reduceat`` the sum of
   exp(value − peak). Viterbi is the same with the maximum alone, and the tie rule of ``viterbi`` (the arc
   that starts earliest) is the first arc of its node that reaches the maximum.

The Viterbi scores are the same floats as the per-word code (the same additions in the same order);
forward-backward sums in a different order, so its numbers agree to about 1e-12, not to the last bit.
"""

from __future__ import annotations

import numpy as np

__all__ = ["Substrings", "Graph", "Lattices"]


class Substrings:
    """Every substring of the words of 1 to ``max_chars`` characters: where it occurs and how often.

    The words are concatenated into ``text`` (word w starts at character ``word_starts[w]``). For each
    length L: ``starts[L]`` the characters where a substring of length L starts (inside one word),
    ``ids[L]`` its id (distinct substrings of one length are numbered in code point order, the order of
    Python's ``str``), ``frequency[L][id]`` its occurrences × the words' counts, ``first[L][id]`` the
    character where it first occurs.

    >>> found = Substrings({"▁aa": 2, "▁ab": 1}, 2)
    >>> found.strings(2), found.frequency[2].tolist()
    (['aa', 'ab', '▁a'], [2.0, 1.0, 3.0])
    """

    def __init__(self, words: dict, max_chars: int):
        self.words = list(words)
        self.counts = np.array([float(count) for count in words.values()])
        self.lengths = np.array([len(word) for word in self.words], dtype=np.int64)
        self.text = "".join(self.words)
        # one code point per character (a lone surrogate too, as Python's str holds it)
        codes = np.frombuffer(self.text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        self.word_starts = np.concatenate([[0], np.cumsum(self.lengths)[:-1]]).astype(np.int64)
        self.word_of = np.repeat(np.arange(len(self.words)), self.lengths)  # each character's word
        room = (self.word_starts + self.lengths)[self.word_of] - np.arange(len(codes))  # characters left in the word
        weights = self.counts[self.word_of]
        alphabet, first, letters = np.unique(codes, return_index=True, return_inverse=True)
        letters = letters.reshape(-1)
        self.starts, self.ids, self.frequency, self.first = {}, {}, {}, {}
        starts, ids = np.arange(len(codes)), letters
        for length in range(1, max_chars + 1):
            if length > 1:
                longer = room[starts] >= length  # the starts whose word has one more character
                starts, prefix = starts[longer], ids[longer]
                if not len(starts):
                    break
                keys = prefix * len(alphabet) + letters[starts + length - 1]
                _, first, ids = np.unique(keys, return_index=True, return_inverse=True)
                ids = ids.reshape(-1)
            self.starts[length], self.ids[length] = starts, ids
            self.frequency[length] = np.bincount(ids, weights=weights[starts])
            self.first[length] = starts[first]

    def strings(self, length: int, ids=None) -> list[str]:
        """The substrings of ``length`` characters with these ids (all of them by default), as str."""
        firsts = self.first[length] if ids is None else self.first[length][ids]
        text = self.text
        return [text[start : start + length] for start in firsts.tolist()]

    def characters(self) -> list[tuple[str, float]]:
        """Every character with its frequency, in the order of their first occurrence."""
        order = np.argsort(self.first[1], kind="stable")
        return list(zip(self.strings(1, order), self.frequency[1][order].tolist()))

    def most_frequent(self, count: int) -> list[tuple[str, float]]:
        """The ``count`` substrings of at least 2 characters with the highest frequency × length, with their
        frequency, best first, ties in ``str`` order: ``sorted(substrings, key=lambda s: (-frequency × len(s),
        s))[:count]``, but only the chosen substrings are made into str, and those tied at the cut (sorted
        alone to settle the tie)."""
        lengths = [length for length in self.frequency if length > 1]
        if count <= 0 or not lengths:
            return []
        frequency = np.concatenate([self.frequency[length] for length in lengths])
        length_of = np.concatenate([np.full(len(self.frequency[length]), length) for length in lengths])
        id_of = np.concatenate([np.arange(len(self.frequency[length])) for length in lengths])
        scores = frequency * length_of
        if count < len(scores):
            cut = np.partition(scores, len(scores) - count)[len(scores) - count]  # the count-th highest score
            taken = np.flatnonzero(scores > cut)
            tied = sorted((self._string(length_of[i], id_of[i]), i) for i in np.flatnonzero(scores == cut).tolist())
            taken = np.concatenate([taken, [i for _, i in tied[: count - len(taken)]]]).astype(np.int64)
        else:
            taken = np.arange(len(scores))
        found = sorted((-float(scores[i]), self._string(length_of[i], id_of[i]), float(frequency[i]))
                       for i in taken.tolist())
        return [(string, frequency) for _, string, frequency in found]

    def _string(self, length, id_) -> str:
        start = int(self.first[length][id_])
        return self.text[start : start + int(length)]


class Graph:
    """Many lattices side by side, as arrays, with the layers that forward-backward and Viterbi walk.

    ``owner`` w has the nodes ``first[w]`` … ``last[w]`` (its characters + 1) and the weight ``weights[w]``
    (a word's count). Arc i goes from node ``start[i]`` to node ``end[i]`` with the piece ``piece[i]``
    and belongs to ``owner[i]``. Arcs are kept sorted by (characters from the owner's first node to the
    arc's end, end node, start node): each layer of the forward pass is one contiguous slice, and inside it
    the arcs of one node are contiguous, earliest start first. ``backward=True`` keeps a second copy
    sorted for the backward pass (by characters from the arc's start to the owner's last node, start node).
    """

    def __init__(self, start, end, piece, owner, first, last, weights, *, backward: bool = True):
        self.first, self.last, self.weights = first, last, weights
        self.nodes = int(last.max()) + 1 if len(last) else 0
        order = _sorted_by(end - first[owner], end, start, self.nodes)
        small = np.int32 if max(self.nodes, len(first), int(piece.max(initial=0)) + 1) < 2**31 else np.int64
        # subtle: int32 numbers take half the memory; NumPy widens them wherever they meet int64
        self.start, self.end = start[order].astype(small), end[order].astype(small)
        self.piece, self.owner = piece[order].astype(small), owner[order].astype(small)
        self.backward_order = None
        if backward:
            self.backward_order = _sorted_by(last[self.owner] - self.start, self.start, self.end, self.nodes)
        self._layers()

    def keep(self, arcs) -> "Graph":
        """The same graph with only the arcs where the boolean array ``arcs`` is True (both orders kept)."""
        kept = Graph.__new__(Graph)
        kept.first, kept.last, kept.weights, kept.nodes = self.first, self.last, self.weights, self.nodes
        kept.start, kept.end = self.start[arcs], self.end[arcs]
        kept.piece, kept.owner = self.piece[arcs], self.owner[arcs]
        kept.backward_order = None
        if self.backward_order is not None:
            renumbered = np.cumsum(arcs) - 1
            kept.backward_order = renumbered[self.backward_order[arcs[self.backward_order]]]
        kept._layers()
        return kept

    def _layers(self):
        """The forward layers (by the arc's end, counted from its owner's first node) and the backward ones
        (by its start, counted back from the owner's last node), as the slices and groups reduceat needs."""
        self.forward = _layers(self.end - self.first[self.owner], self.end)
        if self.backward_order is not None:
            order = self.backward_order
            self.back_start, self.back_end, self.back_piece = self.start[order], self.end[order], self.piece[order]
            self.backward = _layers(self.last[self.owner[order]] - self.back_start, self.back_start)

    def forward_backward(self, log_probs, pieces: int) -> tuple[np.ndarray, np.ndarray]:
        """Each owner's log-likelihood (all its segmentations summed) and each piece's expected count,
        summed over the owners × their weights. ``log_probs``: an array piece id -> log-probability."""
        arc_lp, back_lp = log_probs[self.piece], log_probs[self.back_piece]
        alpha = np.full(self.nodes, -np.inf)
        alpha[self.first] = 0.0
        for arcs, groups, node, member in self.forward:  # alpha[end] = logsumexp(alpha[start] + log p)
            _logsumexp_into(alpha, node, alpha[self.start[arcs]] + arc_lp[arcs], groups, member)
        beta = np.full(self.nodes, -np.inf)
        beta[self.last] = 0.0
        for arcs, groups, node, member in self.backward:  # beta[start] = logsumexp(log p + beta[end])
            _logsumexp_into(beta, node, back_lp[arcs] + beta[self.back_end[arcs]], groups, member)
        totals = alpha[self.last]
        posterior = np.exp(alpha[self.start] + arc_lp + beta[self.end] - totals[self.owner])
        expected = np.bincount(self.piece, weights=posterior * self.weights[self.owner], minlength=pieces)
        return totals, expected

    def viterbi(self, log_probs) -> tuple[np.ndarray, np.ndarray]:
        """For every node, the best score of a path from its owner's first node, and the arc that ends the
        best path there (-1 at first nodes): ``viterbi``'s table, ties to the arc that starts earliest."""
        arc_lp = log_probs[self.piece]
        best = np.full(self.nodes, -np.inf)
        best[self.first] = 0.0
        back = np.full(self.nodes, -1)
        for arcs, groups, node, member in self.forward:
            scores = best[self.start[arcs]] + arc_lp[arcs]
            peak = np.maximum.reduceat(scores, groups)
            # subtle: the first arc of each node reaching the peak is the one that starts earliest
            position = np.where(scores == peak[member], np.arange(len(scores)), len(scores))
            best[node] = peak
            back[node] = arcs.start + np.minimum.reduceat(position, groups)
        return best, back

    def viterbi_uses(self, log_probs, pieces: int) -> np.ndarray:
        """How often each piece is in the owners' Viterbi segmentations, × the owners' weights."""
        _, back = self.viterbi(log_probs)
        path_pieces, path_weights = [], []
        node, owner = self.last, np.arange(len(self.last))  # from every owner's end, one arc back at a time
        while len(node):
            arc = back[node]
            path_pieces.append(self.piece[arc])
            path_weights.append(self.weights[owner])
            node = self.start[arc]
            going = node > self.first[owner]
            node, owner = node[going], owner[going]
        if not path_pieces:
            return np.zeros(pieces)
        return np.bincount(np.concatenate(path_pieces), weights=np.concatenate(path_weights), minlength=pieces)


def _sorted_by(first_key, second_key, third_key, nodes: int) -> np.ndarray:
    """``np.lexsort((third_key, second_key, first_key))`` for keys that are node numbers (below ``nodes``) or
    depths, as one argsort of a single int64 key: a few times faster. The product stays far below 2**63
    for any corpus that fits in memory."""
    if (int(first_key.max(initial=0)) + 1) * nodes * nodes >= 2**62:
        return np.lexsort((third_key, second_key, first_key))
    return np.argsort((first_key.astype(np.int64) * nodes + second_key) * nodes + third_key, kind="stable")


def _layers(depth, node) -> list:
    """Cut arcs sorted by (depth, node, ...) into layers of one depth; in each, the groups of one node.

    Each layer is (``arcs``: a slice of the arrays; ``groups``: where each node's arcs start in it, for
    reduceat; ``node``: each group's node; ``member``: each arc's group). A node has one depth, so no
    group crosses a layer."""
    if not len(depth):
        return []
    new_group = np.concatenate([[True], node[1:] != node[:-1]])
    group_starts = np.flatnonzero(new_group)
    member = np.cumsum(new_group) - 1
    bounds = (np.flatnonzero(np.diff(depth)) + 1).tolist()
    layers = []
    for low, high in zip([0, *bounds], [*bounds, len(depth)]):
        first_group, end_group = int(member[low]), int(member[high - 1]) + 1
        groups = group_starts[first_group:end_group] - low
        layers.append((slice(low, high), groups, node[group_starts[first_group:end_group]],
                       member[low:high] - first_group))
    return layers


def _logsumexp_into(table, node, values, groups, member) -> None:
    """``table[node[g]] = log(sum(exp(values of group g)))`` for every group, without overflow."""
    peak = np.maximum.reduceat(values, groups)
    table[node] = peak + np.log(np.add.reduceat(np.exp(values - peak[member]), groups))


class Lattices:
    """The corpus prepared for training: every word's lattice over a vocabulary (``words``), and every
    piece's lattice without itself (``spellings``), for the loss of pruning it.

    ``pieces``: the vocabulary's pieces in a fixed order (their ids). Arcs of pieces that later drop out
    are filtered away when a smaller vocabulary is first used (``arrays``), once a tenth of the arcs are
    gone: an arc whose piece has log p = -inf adds exp(-inf) = 0 to a sum and never wins a maximum (every
    node keeps the arc of its character), so leaving a few in place changes no number.
    """

    def __init__(self, substrings: Substrings, pieces: list[str]):
        self.pieces = list(pieces)
        self.index = {piece: number for number, piece in enumerate(self.pieces)}
        found = substrings
        starts, lengths, ids = [], [], []
        for length in found.starts:
            piece_of = np.array([self.index.get(s, -1) for s in found.strings(length)], dtype=np.int64)
            occurrence = piece_of[found.ids[length]]
            here = occurrence >= 0
            starts.append(found.starts[length][here])
            lengths.append(np.full(int(here.sum()), length))
            ids.append(occurrence[here])
        small = np.int32 if len(found.text) + len(found.words) < 2**31 else np.int64  # half the memory
        chars, piece = np.concatenate(starts).astype(small), np.concatenate(ids).astype(small)
        length = np.concatenate(lengths).astype(small)
        del starts, lengths, ids
        word = found.word_of[chars].astype(small)
        start = chars + word  # word w's nodes come after the w words before it, each with one node more
        first = (found.word_starts + np.arange(len(found.words))).astype(small)
        self.words = Graph(start, start + length, piece, word, first, first + found.lengths, found.counts)
        self.spellings, self.spelled = _spellings(start, start + length, piece, len(self.pieces))
        self.alive = np.ones(len(self.pieces), dtype=bool)
        self._names = np.array(self.pieces, dtype=object)
        self.rank = np.empty(len(self.pieces), dtype=np.int64)  # each piece's place in str order
        self.rank[sorted(range(len(self.pieces)), key=self.pieces.__getitem__)] = np.arange(len(self.pieces))
        self._made = None  # (the last dict as_dict made, its array)

    @classmethod
    def of(cls, words: dict, log_probs: dict) -> "Lattices":
        """The lattices of ``words`` (word -> count) over the pieces of ``log_probs``."""
        return cls(Substrings(words, max(map(len, log_probs))), list(log_probs))

    def arrays(self, log_probs: dict) -> np.ndarray:
        """``log_probs`` as an array by piece id (-inf for a piece not in it); drops the arcs of pieces
        that left the vocabulary since the last call.

        The last dict made by ``as_dict`` comes with its array: that very object is not converted again.
        Training never changes a dict once made; do not change one in place and pass it back (a copy is
        converted afresh).
        """
        if self._made is not None and self._made[0] is log_probs:
            values = self._made[1]
        else:
            values = np.full(len(self.pieces), -np.inf)
            numbers = np.fromiter(map(self.index.__getitem__, log_probs), dtype=np.int64, count=len(log_probs))
            values[numbers] = np.fromiter(log_probs.values(), dtype=float, count=len(log_probs))
        alive = values > -np.inf
        if not np.array_equal(alive, self.alive):
            self.alive = alive
            arcs = alive[self.words.piece]
            if arcs.mean() < 0.9:  # a pruning round: filter; a few pieces EM dropped: their arcs add 0
                self.words = self.words.keep(arcs)
                spelling = self.spellings
                self.spellings = spelling.keep(alive[spelling.piece] & alive[spelling.owner])
        return values

    def mask(self, pieces) -> np.ndarray:
        """A boolean array by piece id: True for the pieces in ``pieces`` (others are ignored)."""
        found = np.zeros(len(self.pieces), dtype=bool)
        found[[self.index[piece] for piece in pieces if piece in self.index]] = True
        return found

    def as_dict(self, values) -> dict:
        """The pieces with a finite value in ``values`` (by piece id), as a dict piece -> value in id order."""
        numbers = np.flatnonzero(values > -np.inf)
        made = dict(zip(self._names[numbers].tolist(), values[numbers].tolist()))
        self._made = (made, values)
        return made

    def alternatives(self, values) -> np.ndarray:
        """For every piece, the best log-probability of spelling it with other pieces (-inf if nothing else
        can): ``_best_without_itself`` for every piece at once. ``values``: from ``arrays``."""
        best, _ = self.spellings.viterbi(values)
        return np.where(self.spelled, best[self.spellings.last], -np.inf)


def _spellings(start, end, piece, pieces: int) -> tuple[Graph, np.ndarray]:
    """Each piece's own lattice without the arc of the piece itself, cut out of the words' arcs: where a
    piece first occurs, the arcs inside that occurrence (``_best_without_itself`` for every piece at once).

    Owner p (a piece id) has nodes 0 … len(p) shifted to ``first[p]``; a piece of one character, or one no
    word holds, has no lattice (False in the mask returned with the graph).
    """
    order = np.argsort(start.astype(np.int64) * (int(end.max(initial=0)) + 1) + end, kind="stable")  # start, end
    start, end, piece = start[order], end[order], piece[order]
    owners, occurrence = np.unique(piece, return_index=True)  # each piece's first occurrence
    begin, finish = start[occurrence], end[occurrence]
    long = finish - begin > 1
    owners, begin, finish = owners[long], begin[long], finish[long]
    found_arcs, found_owners = [], []
    for block in range(0, len(owners), 4096):  # a block of pieces at a time: the candidates take less memory
        owned = np.arange(block, min(block + 4096, len(owners)))
        low, high = np.searchsorted(start, begin[owned]), np.searchsorted(start, finish[owned])  # arcs starting inside
        sizes = high - low
        arcs = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes - low, sizes)
        owner_of = np.repeat(owned, sizes)
        inside = end[arcs] <= finish[owner_of]
        inside &= ~((start[arcs] == begin[owner_of]) & (end[arcs] == finish[owner_of]))  # not the piece itself
        found_arcs.append(arcs[inside])
        found_owners.append(owner_of[inside])
    arcs = np.concatenate(found_arcs) if found_arcs else np.zeros(0, dtype=np.int64)
    owner_of = np.concatenate(found_owners) if found_owners else np.zeros(0, dtype=np.int64)
    length = np.zeros(pieces, dtype=np.int64)
    length[owners] = finish - begin
    first = np.concatenate([[0], np.cumsum(length + 1)[:-1]])  # every piece gets nodes, used or not
    shift = first[owners][owner_of] - begin[owner_of]
    graph = Graph(start[arcs] + shift, end[arcs] + shift, piece[arcs], owners[owner_of], first, first + length,
                  np.ones(pieces), backward=False)
    return graph, length > 0
