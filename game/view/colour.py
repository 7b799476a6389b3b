"""Colour arithmetic for legibility: WCAG relative luminance and contrast
ratio, and lifting a colour until it is light enough to stand out.

>>> round(contrast((255, 255, 255), (0, 0, 0)), 1), round(contrast((119, 119, 119), (255, 255, 255)), 2)
(21.0, 4.48)
>>> luminance(lighten((40, 30, 90), 0.5)) >= 0.5
True
"""

from __future__ import annotations

__all__ = ["luminance", "contrast", "lighten", "OUTLINE", "MIN_CONTRAST"]

OUTLINE = (14, 12, 18)  # the dark edge every sprite has: it stands out from light ground
MIN_CONTRAST = 3.0  # WCAG 2.1's minimum for graphics that must be seen (1.4.11)


def _linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white)."""
    r, g, b = (_linear(float(v)) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours, 1 (same) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def lighten(rgb, at_least: float) -> tuple[int, int, int]:
    """``rgb`` mixed with white just enough to reach luminance ``at_least``
    (unchanged if it already does); a bounded search over 32 mixes."""
    for k in range(33):
        t = k / 32
        mixed = tuple(round(c + (255 - c) * t) for c in rgb[:3])
        if luminance(mixed) >= at_least:
            return mixed
    return (255, 255, 255)
