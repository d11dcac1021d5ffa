"""Finding installed decks: KDE's index.desktop layout and AisleRiot's
themes, in the XDG data folders in their order, named uniquely, and
`cardgui decks` printing them (or where it looked)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgui.carddecks import command
from cardgui.carddecks.found import (
    OWN_DECK,
    DeckFormat,
    InstalledDeck,
    data_dirs,
    find_decks,
    read_desktop_entry,
)

from .fixture_decks import only_these_data_dirs, write_aisleriot_theme, write_kde_deck


class TestDataFolders:
    def test_the_users_own_come_first_then_xdg_data_dirs(self):
        found = data_dirs({"XDG_DATA_HOME": "/home/ann/.data", "XDG_DATA_DIRS": "/opt/a:/opt/b",
                           "HOME": "/home/ann"})
        assert found == [Path("/home/ann/.data"), Path("/opt/a"), Path("/opt/b")]

    def test_the_specifications_defaults(self):
        found = data_dirs({"HOME": "/home/ann"})
        assert found == [Path("/home/ann/.local/share"), Path("/usr/local/share"),
                         Path("/usr/share")]

    def test_relative_paths_are_ignored_as_the_specification_says(self):
        found = data_dirs({"XDG_DATA_HOME": "data", "XDG_DATA_DIRS": "share::/opt/a",
                           "HOME": "/home/ann"})
        assert found == [Path("/home/ann/.local/share"), Path("/opt/a")]


class TestKdeDecks:
    def test_a_deck_is_its_index_files_name_and_picture(self, tmp_path):
        picture = write_kde_deck(tmp_path, "svg-fixture", "Fixture")
        assert find_decks([tmp_path]).decks == [InstalledDeck("Fixture", DeckFormat.KDE,
                                                              picture)]

    def test_the_older_kde_cards_group_is_read_where_backdeck_is_missing(self, tmp_path):
        write_kde_deck(tmp_path, "old", "Old",
                       index="[KDE Cards]\nName=Old deck\nSVG=old.svgz\n")
        assert [deck.name for deck in find_decks([tmp_path]).decks] == ["Old deck"]

    def test_a_deck_of_other_cards_is_passed_over_as_kpatience_does(self, tmp_path):
        write_kde_deck(tmp_path, "tarot", "Tarot",
                       index="[KDE Backdeck]\nName=Tarot\nSVG=tarot.svgz\nFeatures=Tarot\n")
        write_kde_deck(tmp_path, "both", "Both", index="[KDE Backdeck]\nName=Both\n"
                       "SVG=both.svgz\nFeatures=AngloAmerican;Backs1\n")
        assert [deck.name for deck in find_decks([tmp_path]).decks] == ["Both"]

    def test_a_picture_outside_the_decks_folder_is_refused(self, tmp_path):
        write_kde_deck(tmp_path, "sly", "Sly", picture="x.svgz",
                       index="[KDE Backdeck]\nName=Sly\nSVG=../../../etc/passwd\n")
        search = find_decks([tmp_path])
        assert search.decks == []
        assert "not a file name in the deck's own folder" in search.passed_over[0]

    def test_an_index_without_a_name_or_picture_is_passed_over_with_why(self, tmp_path):
        write_kde_deck(tmp_path, "nameless", "", index="[KDE Backdeck]\nSVG=nameless.svgz\n")
        write_kde_deck(tmp_path, "blank", "Blank", index="[KDE Backdeck]\nName=Blank\n")
        search = find_decks([tmp_path])
        assert search.decks == []
        assert sorted(problem.split(":")[1].strip() for problem in search.passed_over) == [
            "index.desktop names no deck (Name=)", "index.desktop names no picture (SVG=)"]

    def test_a_huge_index_file_is_not_read(self, tmp_path):
        write_kde_deck(tmp_path, "huge", "Huge",
                       index="[KDE Backdeck]\nName=Huge\nSVG=huge.svgz\n" + "#" * 100_000)
        search = find_decks([tmp_path])
        assert search.decks == []
        assert "more than the 65536 bytes" in search.passed_over[0]

    def test_a_folder_without_an_index_is_not_a_deck(self, tmp_path):
        (tmp_path / "carddecks" / "decks").mkdir(parents=True)
        search = find_decks([tmp_path])
        assert search.decks == [] and search.passed_over == []

    def test_an_earlier_data_folder_hides_the_same_deck_folder_in_a_later_one(self, tmp_path):
        mine, system = tmp_path / "mine", tmp_path / "system"
        picture = write_kde_deck(mine, "svg-same", "Mine")
        write_kde_deck(system, "svg-same", "System's")
        write_kde_deck(system, "svg-other", "Other")
        decks = find_decks([mine, system]).decks
        assert [(deck.name, deck.path) for deck in decks] == [
            ("Mine", picture), ("Other", system / "carddecks" / "svg-other" / "svg-other.svgz")]

    def test_escapes_and_localised_keys_in_the_index(self):
        groups = read_desktop_entry("# comment\n[KDE Backdeck]\nName[fr]=Pas ça\n"
                                    "Name=Two\\sWords\nName=Second\nSVG = a.svgz \n")
        assert groups == {"KDE Backdeck": {"Name": "Two Words", "SVG": "a.svgz"}}


class TestAisleRiotThemes:
    def test_a_theme_is_named_after_its_file(self, tmp_path):
        plain = write_aisleriot_theme(tmp_path, "gnomangelo_bitmap.svg")
        packed = write_aisleriot_theme(tmp_path, "bonded.svgz")
        (tmp_path / "aisleriot" / "cards" / "README").write_text("not a theme")
        decks = find_decks([tmp_path]).decks
        assert decks == [InstalledDeck("Bonded", DeckFormat.AISLERIOT, packed),
                         InstalledDeck("Gnomangelo bitmap", DeckFormat.AISLERIOT, plain)]


class TestNames:
    def test_decks_of_the_same_name_are_told_apart_by_format(self, tmp_path):
        write_kde_deck(tmp_path, "svg-bonded", "Bonded")
        write_aisleriot_theme(tmp_path, "bonded.svgz")
        names = [deck.name for deck in find_decks([tmp_path]).decks]
        assert names == ["Bonded (AisleRiot)", "Bonded (KDE)"]

    def test_no_deck_takes_our_own_decks_name(self, tmp_path):
        write_kde_deck(tmp_path, "svg-cardgui", "CardGUI")
        assert [deck.name for deck in find_decks([tmp_path]).decks] == ["CardGUI (KDE)"]

    def test_a_deck_is_found_by_name_in_any_case(self, tmp_path):
        write_kde_deck(tmp_path, "svg-dondorf", "Dondorf")
        search = find_decks([tmp_path])
        assert search.named("dONDORF") is search.decks[0]
        assert search.named("Dondorf (KDE)") is None


class TestFolderTrouble:
    def test_a_loop_of_folder_links_is_survived(self, tmp_path):
        (tmp_path / "carddecks").mkdir()
        os.symlink(tmp_path / "carddecks" / "loop", tmp_path / "carddecks" / "loop")
        search = find_decks([tmp_path])
        assert search.decks == []

    def test_a_file_where_a_folder_should_be_is_no_deck(self, tmp_path):
        (tmp_path / "carddecks").write_text("not a folder")
        assert find_decks([tmp_path]).decks == []


class TestDecksCommand:
    def test_prints_one_deck_a_line_name_format_path(self, tmp_path, monkeypatch,
                                                     command_line):
        kde = write_kde_deck(tmp_path, "svg-fixture", "Fixture")
        theme = write_aisleriot_theme(tmp_path, "bonded.svgz")
        only_these_data_dirs(monkeypatch, tmp_path)
        status, out, err = command_line(["decks"])
        assert status == 0 and err == ""
        assert out.splitlines() == [f"Bonded\tAisleRiot\t{theme}", f"Fixture\tKDE\t{kde}"]

    def test_says_where_it_looked_when_it_found_none(self, tmp_path, monkeypatch,
                                                    command_line):
        only_these_data_dirs(monkeypatch, tmp_path / "mine", tmp_path / "system")
        status, out, err = command_line(["decks"])
        assert status == 0
        assert "No KDE card decks or AisleRiot card themes are installed" in out
        for folder in ("mine/carddecks", "mine/aisleriot/cards", "system/carddecks",
                       "system/aisleriot/cards"):
            assert str(tmp_path / folder) in out
        assert f"--deck {OWN_DECK}" in out

    def test_tells_on_stderr_what_it_passed_over(self, tmp_path, monkeypatch, command_line):
        write_kde_deck(tmp_path, "blank", "Blank", index="[KDE Backdeck]\nName=Blank\n")
        only_these_data_dirs(monkeypatch, tmp_path)
        status, out, err = command_line(["decks"])
        assert status == 0 and "passed over" in err and "blank" in err

    def test_an_unknown_deck_is_a_command_line_error(self, tmp_path, monkeypatch,
                                                     command_line):
        write_kde_deck(tmp_path, "svg-fixture", "Fixture")
        only_these_data_dirs(monkeypatch, tmp_path)
        status, out, err = command_line(["klondike", "--deck", "Nope"])
        assert status == 2
        assert "no deck called 'Nope' is installed" in err and "cardgui, Fixture" in err

    @pytest.mark.parametrize("arguments", [["text", "klondike", "--deck", "cardgui"],
                                           ["--deck", "cardgui", "solve", "klondike",
                                            "--deal", "1"],
                                           ["--deck", "cardgui", "decks"]])
    def test_deck_is_only_for_the_window(self, arguments, command_line):
        status, _, err = command_line(arguments)
        assert status == 2 and "--deck" in err

    @pytest.mark.parametrize("arguments", [["--deck", "fixture"],
                                           ["freecell", "--deck", "FIXTURE", "--deal", "5"]])
    def test_every_window_command_takes_a_deck_by_its_name(self, arguments, tmp_path,
                                                           monkeypatch, command_line):
        write_kde_deck(tmp_path, "svg-fixture", "Fixture")
        only_these_data_dirs(monkeypatch, tmp_path)
        opened = []
        monkeypatch.setattr("cardgui.gui.app.run_window",
                            lambda game, deal, demo, deck, options: opened.append((game, deal, deck)) or 0)
        status, _, err = command_line(arguments)
        assert status == 0, err
        assert opened[0][2] == "Fixture"

    def test_our_own_deck_is_always_there(self, tmp_path, monkeypatch, command_line):
        only_these_data_dirs(monkeypatch, tmp_path)
        opened = []
        monkeypatch.setattr("cardgui.gui.app.run_window",
                            lambda game, deal, demo, deck, options: opened.append(deck) or 0)
        assert command_line(["--deck", "CardGUI"])[0] == 0
        assert opened == [OWN_DECK]


def test_the_command_module_prints_a_given_search(tmp_path):
    import io

    out, err = io.StringIO(), io.StringIO()
    assert command.main(out, err, find_decks([tmp_path])) == 0
    assert "cardgui looked in" in out.getvalue()
