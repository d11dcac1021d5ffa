"""Small helpers that write SVG elements as text, with stable number formatting."""

from __future__ import annotations

from typing import Iterable

CARD_WIDTH = 250
CARD_HEIGHT = 350
CORNER_RADIUS = 14


def num(value: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def fine(value: float) -> str:
    """A number with up to four decimals, for scale factors."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attributes(attributes: dict[str, object]) -> str:
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = num(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
        parts.append(f' {name}="{text}"')
    return "".join(parts)


def element(tag: str, **attributes: object) -> str:
    """One empty element: ``element("circle", cx=1, cy=2, r=3, fill="#fff")``.

    Underscores in attribute names become hyphens (``stroke_width``); a trailing
    underscore is dropped (``class_``); ``None`` values are left out.
    """
    return f"<{tag}{_attributes(attributes)}/>"


def group(children: Iterable[str], transform: str | None = None, **attributes: object) -> str:
    """A ``<g>`` holding ``children``, with an optional transform."""
    body = "\n".join(children)
    return f"<g{_attributes({'transform': transform, **attributes})}>\n{body}\n</g>"


def path(d: str, **attributes: object) -> str:
    return element("path", d=d, **attributes)


def circle(cx: float, cy: float, r: float, **attributes: object) -> str:
    return element("circle", cx=cx, cy=cy, r=r, **attributes)


def ellipse(cx: float, cy: float, rx: float, ry: float, **attributes: object) -> str:
    return element("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, **attributes)


def rect(x: float, y: float, width: float, height: float, radius: float = 0,
         **attributes: object) -> str:
    return element("rect", x=x, y=y, width=width, height=height,
                   rx=radius or None, ry=radius or None, **attributes)


def polygon(points: Iterable[tuple[float, float]], **attributes: object) -> str:
    text = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return element("polygon", points=text, **attributes)


def line(x1: float, y1: float, x2: float, y2: float, **attributes: object) -> str:
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def radial_gradient(ident: str, stops: Iterable[tuple[float, str]],
                    cx: float = 0.5, cy: float = 0.5, r: float = 0.5) -> str:
    """A radial gradient over the bounding box of the shape that uses it."""
    body = "".join(f'<stop offset="{num(offset)}" stop-color="{colour}"/>' for offset, colour in stops)
    return (f'<radialGradient id="{ident}" cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}">'
            f'{body}</radialGradient>')


def document(children: Iterable[str], defs: Iterable[str] = (), width: int = CARD_WIDTH,
             height: int = CARD_HEIGHT, title: str = "") -> str:
    """A whole SVG file; its size is its viewBox, so it scales to any pixmap."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" baseProfile="tiny" '
            f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">')
    parts = [head]
    if title:
        parts.append(f"<title>{title}</title>")
    defs = list(defs)
    if defs:
        parts.append("<defs>\n" + "\n".join(defs) + "\n</defs>")
    parts.extend(children)
    parts.append("</svg>\n")
    return "\n".join(parts)


def place(x: float, y: float, scale: float = 1.0, rotate: float = 0.0) -> str:
    """A transform that moves a shape's origin to (x, y), turns and scales it."""
    parts = [f"translate({num(x)},{num(y)})"]
    if rotate:
        parts.append(f"rotate({num(rotate)})")
    if scale != 1.0:
        parts.append(f"scale({fine(scale)})")
    return " ".join(parts)
