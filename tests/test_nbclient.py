"""bpe_lab._nbclient: waits on the kernel's sockets in slices, so a missed wake-up costs a slice, not the
cell's whole time limit (jupyter/nbclient#312; seen here as a 0.6 s cell taking 120 s)."""

import asyncio
import time
from queue import Empty

import pytest

from bpe_lab import _nbclient


class FakeChannel:
    """A socket whose message is 'there' from ``ready_at`` on, but whose wake-up is lost: a wait that
    started before then sleeps its whole timeout (what pyzmq's poll did), then looks once more."""

    def __init__(self, ready_at: float):
        self.ready_at = ready_at
        self.waits = []

    async def get_msg(self, timeout=None):
        self.waits.append(timeout)
        start = time.monotonic()
        if start >= self.ready_at:
            return {"msg": "reply"}
        await asyncio.sleep(timeout if timeout is not None else 3600)
        if time.monotonic() >= self.ready_at:
            return {"msg": "reply"}
        raise Empty


def test_a_missed_wake_up_costs_one_slice_not_the_time_limit():
    channel = FakeChannel(ready_at=time.monotonic() + 0.1)
    started = time.monotonic()
    reply = asyncio.run(_nbclient._in_slices(channel.get_msg)(timeout=30))
    assert reply == {"msg": "reply"}
    assert time.monotonic() - started < 1.0, "waited far longer than one slice"
    assert all(wait <= _nbclient.SLICE for wait in channel.waits)


def test_the_time_limit_still_holds_across_slices():
    channel = FakeChannel(ready_at=float("inf"))
    started = time.monotonic()
    with pytest.raises(Empty):
        asyncio.run(_nbclient._in_slices(channel.get_msg)(timeout=0.6))
    assert 0.55 <= time.monotonic() - started < 1.2
    assert len(channel.waits) >= 3


def test_no_time_limit_means_wait_until_the_message_comes():
    channel = FakeChannel(ready_at=time.monotonic() + 0.6)
    assert asyncio.run(_nbclient._in_slices(channel.get_msg)(timeout=None)) == {"msg": "reply"}


def test_both_ways_of_starting_a_kernel_use_the_sliced_waits():
    """``execute()`` goes through the async start, ``setup_kernel()`` through its sync twin: both patched."""
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("6 * 7")])
    client = _nbclient.NotebookClient(notebook, kernel_name="python3", timeout=60)
    with client.setup_kernel():
        assert client.kc.shell_channel.get_msg.__name__ == "get_msg_in_slices"
        assert client.kc.iopub_channel.get_msg.__name__ == "get_msg_in_slices"
        client.execute_cell(notebook.cells[0], 0)
    assert notebook.cells[0].outputs[0]["data"]["text/plain"] == "42"
