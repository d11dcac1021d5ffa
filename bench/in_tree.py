"""Run a module or a script with ``cardgui`` imported from another worktree
(for the benchmarks' "before" columns; not part of the tests).

    python bench/in_tree.py TREE -m MODULE [ARGS ...]
    python bench/in_tree.py TREE SCRIPT [ARGS ...]

An older editable install found ``cardgui`` through a finder that Python
asks before it looks at the path, so ``PYTHONPATH=TREE`` alone still
imported the installed tree's ``cardgui``.  This drops any such finder and
puts TREE first.  A TREE from before the card art moved into the package
(its ``resources/`` at the top) gets that folder as the package
``cardgui.resources``, as its install did.
"""

import importlib.util
import pathlib
import runpy
import sys


def use_tree(tree: pathlib.Path) -> None:
    """Import ``cardgui`` (and its art) from ``tree`` from now on."""
    sys.meta_path[:] = [finder for finder in sys.meta_path if "__editable__" not in repr(finder)]
    sys.path.insert(0, str(tree))
    import cardgui

    if (tree / "cardgui" / "resources").is_dir():
        return
    folder = tree / "resources"
    spec = importlib.util.spec_from_file_location(
        "cardgui.resources", folder / "__init__.py", submodule_search_locations=[str(folder)])
    if spec is None or spec.loader is None:
        raise SystemExit(f"{folder} is not the card art's package")
    resources = importlib.util.module_from_spec(spec)
    sys.modules["cardgui.resources"] = resources
    spec.loader.exec_module(resources)
    cardgui.resources = resources  # type: ignore[attr-defined]


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tree, rest = pathlib.Path(sys.argv[1]).resolve(), sys.argv[2:]
    use_tree(tree)
    if rest[0] == "-m":
        sys.argv = [rest[1], *rest[2:]]
        runpy.run_module(rest[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = rest
        sys.path.insert(0, str(pathlib.Path(rest[0]).resolve().parent))
        runpy.run_path(rest[0], run_name="__main__")


if __name__ == "__main__":
    main()
