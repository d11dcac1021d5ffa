"""Reading a deck's file within limits: every kind of file that must be
refused is refused, by what is wrong with it, before anything parses it."""

from __future__ import annotations

import gzip
import os
import zlib
from pathlib import Path

import pytest

from cardgui.carddecks.reading import (
    MAX_FILE_BYTES,
    MAX_LINKS,
    MAX_SVG_BYTES,
    DeckRefused,
    read_limited,
    resolve,
    svg_document,
)

from .fixture_decks import deck_svg

SVG = deck_svg().encode()


def refusal(path: Path) -> str:
    with pytest.raises(DeckRefused) as raised:
        svg_document(path)
    return str(raised.value)


class TestLinks:
    def test_a_chain_of_links_is_followed(self, tmp_path):
        (tmp_path / "deck.svg").write_bytes(SVG)
        os.symlink("deck.svg", tmp_path / "one")
        os.symlink(tmp_path / "one", tmp_path / "two")
        assert resolve(tmp_path / "two") == tmp_path / "deck.svg"
        assert svg_document(tmp_path / "two") == SVG

    def test_a_loop_of_links_is_named_as_one(self, tmp_path):
        os.symlink("b.svgz", tmp_path / "a.svgz")
        os.symlink("a.svgz", tmp_path / "b.svgz")
        assert "is a loop of links" in refusal(tmp_path / "a.svgz")

    def test_a_link_to_itself_is_a_loop(self, tmp_path):
        os.symlink("self.svgz", tmp_path / "self.svgz")
        assert "is a loop of links" in refusal(tmp_path / "self.svgz")

    def test_a_chain_deeper_than_the_limit_is_refused(self, tmp_path):
        (tmp_path / "deck.svg").write_bytes(SVG)
        target = "deck.svg"
        for step in range(MAX_LINKS + 1):
            os.symlink(target, tmp_path / f"link{step}")
            target = f"link{step}"
        assert f"more than {MAX_LINKS} links" in refusal(tmp_path / target)

    def test_a_link_to_nothing(self, tmp_path):
        os.symlink("gone.svgz", tmp_path / "deck.svgz")
        message = refusal(tmp_path / "deck.svgz")
        assert "gone.svgz does not exist" in message and "a link led there" in message


class TestWhatIsNotAFile:
    def test_a_missing_file(self, tmp_path):
        assert "does not exist" in refusal(tmp_path / "nothing.svgz")

    def test_a_folder(self, tmp_path):
        (tmp_path / "deck.svgz").mkdir()
        assert "is a folder" in refusal(tmp_path / "deck.svgz")

    def test_a_named_pipe_is_refused_without_waiting_for_a_writer(self, tmp_path):
        os.mkfifo(tmp_path / "deck.svgz")
        assert "not a plain file" in refusal(tmp_path / "deck.svgz")

    def test_a_device_behind_a_link_is_never_read(self, tmp_path):
        os.symlink(os.devnull, tmp_path / "deck.svgz")
        assert "not a plain file" in refusal(tmp_path / "deck.svgz")


class TestSizes:
    def test_a_100_mb_file_is_refused_before_it_is_read(self, tmp_path):
        huge = tmp_path / "huge.svg"
        with open(huge, "wb") as stream:
            stream.truncate(100 * 1024 * 1024)      # sparse: no disk is used
        assert "is 100 MiB: more than the 32 MiB" in refusal(huge)

    def test_never_more_than_the_limit_is_read(self, tmp_path):
        path = tmp_path / "index.desktop"
        path.write_bytes(b"x" * 101)
        assert read_limited(path, 101) == b"x" * 101
        with pytest.raises(DeckRefused, match="more than the 100 bytes"):
            read_limited(path, 100)

    def test_a_small_file_that_unpacks_to_too_much_is_stopped_at_the_limit(self, tmp_path):
        packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        block = b" " * (1024 * 1024)
        data = b"".join(packer.compress(block) for _ in range(MAX_SVG_BYTES // len(block) + 2))
        bomb = tmp_path / "bomb.svgz"
        bomb.write_bytes(data + packer.flush())
        assert bomb.stat().st_size < MAX_FILE_BYTES / 100
        assert "unpacks to more than 64 MiB" in refusal(bomb)

    def test_damaged_compressed_data(self, tmp_path):
        packed = gzip.compress(SVG)
        (tmp_path / "cut.svgz").write_bytes(packed[: len(packed) // 2])
        (tmp_path / "bad.svgz").write_bytes(packed[:12] + b"\x00" * 40 + packed[52:])
        assert "ends too soon" in refusal(tmp_path / "cut.svgz")
        assert "is damaged" in refusal(tmp_path / "bad.svgz")


class TestNotWhatItsNameSays:
    @pytest.mark.parametrize("data, looks_like", [
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "a PNG image"),
        (b"PK\x03\x04" + b"\x00" * 100, "a ZIP archive"),
        (b"just some words\n", "plain text"),
        (b"", "an empty file"),
        (b"\x00\x01\x02\xff\xfe", "binary data"),
    ])
    def test_an_svgz_that_is_something_else(self, tmp_path, data, looks_like):
        path = tmp_path / "deck.svgz"
        path.write_bytes(data)
        assert refusal(path) == (f"{path} is named .svgz but is not compressed SVG: it looks "
                                 f"like {looks_like}")

    def test_compressed_data_that_is_not_svg(self, tmp_path):
        path = tmp_path / "deck.svgz"
        path.write_bytes(gzip.compress(b"<html><body>hello</body></html>"))
        assert refusal(path) == (f"{path} is not an SVG picture: it looks like an XML "
                                 "document of another kind")

    def test_an_svg_that_is_something_else(self, tmp_path):
        path = tmp_path / "deck.svg"
        path.write_bytes(b"\xff\xd8\xff\xe0 a JPEG")
        assert refusal(path) == f"{path} is not an SVG picture: it looks like a JPEG image"

    def test_plain_svg_under_either_name_is_read(self, tmp_path):
        for name in ("deck.svg", "deck.svgz"):
            (tmp_path / name).write_bytes(SVG)
            assert svg_document(tmp_path / name) == SVG

    def test_compressed_svg_under_either_name_is_read(self, tmp_path):
        for name in ("deck.svg", "deck.svgz"):
            (tmp_path / name).write_bytes(gzip.compress(SVG))
            assert svg_document(tmp_path / name) == SVG

    def test_a_prologue_before_the_svg_element_is_allowed(self, tmp_path):
        document = (b'\xef\xbb\xbf<?xml version="1.0"?>\n<!-- drawn by hand -->\n'
                    b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
                    b'"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY a "b"> ]>\n'
                    b'<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>')
        (tmp_path / "deck.svg").write_bytes(document)
        assert svg_document(tmp_path / "deck.svg") == document
