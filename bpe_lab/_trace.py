"""Where ``bpe.train`` keeps the pair counts of every step, in bounded memory.

``bpe.train``'s trace answers "what were the pair counts after k merges?" for any k
(``result.pair_counts_at(k)``, ``result.steps[k].pair_counts``). The simple way keeps a full copy of the
counts at every step, and that grows fast: 1,000 merges on Pride and Prejudice held 1,000 copies of
about 10,000 pairs each, 612 MB. But one merge changes only the counts of the pairs next to the merged
pair, a small part of the whole. So ``PairCountTrace`` keeps

    checkpoints   a full copy of the counts now and then, always after 0 merges:  k -> {pair: count}
    changes       for every merge, only the pairs whose count it changed:  {pair: new count, or GONE}

and rebuilds the counts after k merges by copying the last checkpoint at or before k and replaying the
changes of the merges after it, in order.

When is a checkpoint taken? When the changes stored since the last one hold as many pairs as a full copy
would. Then the checkpoints never hold more than the changes do (memory: at most about twice the changes),
and a rebuild copies one checkpoint and replays at most about as many changes again (time: about two
copies of the counts, a few milliseconds on the novel, whatever k is).

The rebuilt counts are equal to what a full recount after k merges gives (the same pairs, the same
counts); only the order of the pairs in the dict may differ.
"""

from __future__ import annotations

__all__ = ["PairCountTrace"]

GONE = None  # in a step's changes: the pair no longer occurs anywhere in the corpus


class PairCountTrace:
    """The pair counts after 0, 1, ..., n merges, stored as checkpoints plus per-merge changes.

    >>> trace = PairCountTrace({("u", "g"): 20, ("h", "u"): 15})
    >>> trace.record({("h", "ug"): 15})  # after merging ('u', 'g')
    >>> trace.at(0), trace.at(1)
    ({('u', 'g'): 20, ('h', 'u'): 15}, {('h', 'ug'): 15})
    >>> trace.changes[0]
    {('h', 'ug'): 15, ('u', 'g'): None, ('h', 'u'): None}
    """

    def __init__(self, counts: dict):
        self.checkpoints = {0: dict(counts)}  # merges made -> the full counts then
        self.changes: list[dict] = []  # changes[k]: what merge k + 1 changed
        self._last = self.checkpoints[0]  # the latest counts (not a copy: record is given a new dict each time)
        self._since_checkpoint = 0  # pairs stored in changes since the last checkpoint

    def __len__(self) -> int:
        """The number of merges recorded."""
        return len(self.changes)

    def record(self, counts: dict) -> None:
        """Store the counts after one more merge (only how they differ from the counts before it)."""
        last = self._last
        changed = {pair: count for pair, count in counts.items() if last.get(pair) != count}
        changed.update((pair, GONE) for pair in last if pair not in counts)
        self.changes.append(changed)
        self._last = counts
        self._since_checkpoint += len(changed)
        if self._since_checkpoint >= len(counts):  # a full copy now costs no more than the changes did
            self.checkpoints[len(self.changes)] = dict(counts)
            self._since_checkpoint = 0

    def at(self, k: int) -> dict:
        """The pair counts after ``k`` merges (0 <= k <= len(self)): a new dict each time."""
        start = max(c for c in self.checkpoints if c <= k)
        counts = dict(self.checkpoints[start])
        for changed in self.changes[start:k]:
            for pair, count in changed.items():
                if count is GONE:
                    del counts[pair]
                else:
                    counts[pair] = count
        return counts

    def stored_pairs(self) -> int:
        """How many (pair, count) entries the trace holds: checkpoints plus changes."""
        return sum(map(len, self.checkpoints.values())) + sum(map(len, self.changes))
