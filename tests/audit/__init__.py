"""The bad-input audit (see conftest.py): one file of rows per bpe_lab module, a summary file that runs last."""
