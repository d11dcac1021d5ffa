"""The rules engine: pure Python, standard library only.  Never imports Qt."""
