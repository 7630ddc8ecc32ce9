"""Picture placeholders whose words the text right after them says again, left out of the answer.

A shop's tile is often a picture and a caption with the same words ("[Image: Men's Shoes] Men's
Shoes"), a blog's author box a photo named after the person above their bio, an icon link a
picture named like its label ("[[Image: Blog] Blog](address)"). The placeholder then tells the
agent nothing the next words do not, and costs it the words twice. Only the placeholder goes,
never text; a placeholder whose words are not repeated (a chart, a photo with its own caption)
stays. The placeholder is compared with the rest of its line, or, when nothing follows it on
the line, with the next line of text (one blank line between them at most). A line holding one
picture alone that the next line says again, picture for picture, goes the same way: a carousel
writes its slides' clones, a gallery its thumbnails after the pictures, a shop the same swatch
twenty times ("[Image: Moon Silver]" six lines running); the last of the run stays. Pictures side
by side on one line (a rating's five stars) are left as they are, but for a link whose words are
only pictures: a card's carousel of one product's photos, all leading to the product, which the
conversion wrote as a list inside the link ("[- [Image: Moab 3 Women's 0] - [Image: Moab 3
Women's 1] ...](address)", 12,000 words of placeholders on ten shop pages). Its first picture
stays the link's (thirty-eighth round).
"""

from __future__ import annotations

import functools
import re

from domain.markdown_lines import CODE_FENCE

_PLACEHOLDER = re.compile(r"\[Image: ([^\]\n]*)\][ \t]*")
# A link whose text is two pictures or more, each perhaps a list item: its first picture is group 1.
_PICTURE_STACK = re.compile(
    r"\[[ \t]*(?:[-*+][ \t]+)?(\[Image: [^\[\]\n]*\])(?:[ \t]*(?:[-*+][ \t]+)?\[Image: [^\[\]\n]*\])++[ \t]*\]\("
)
_PICTURE_ALONE = re.compile(r"[ \t]*(?:[-*+][ \t]+)?\[Image: [^\]\n]*\][ \t]*")  # with fullmatch
# What may open the words that repeat a placeholder: list markers, heading hashes, emphasis, a
# link's opening bracket, a quote's marker.
_OPENING_MARKS = re.compile(r"^(?:[\s#>*_\[+-]|\d+[.)]\s)*")
# Shorter picture names ("J", "go") match the start of unrelated text by chance.
_MIN_NAME_CHARS = 3


def without_echoed_images(markdown: str) -> str:
    """``markdown`` without the placeholders whose words the text right after them starts with; code as written."""
    if "[Image:" not in markdown:
        return markdown
    lines = markdown.split("\n")
    out: list[str] = []
    in_code = dropped = False
    for index, line in enumerate(lines):
        if CODE_FENCE.match(line):
            in_code = not in_code
        elif not in_code and "[Image:" in line:
            line = _PICTURE_STACK.sub(r"[\1](", line)
            following = _next_text(lines, index)
            if _PICTURE_ALONE.fullmatch(line) and following.strip() == line.strip():
                dropped = True
                continue
            line = _PLACEHOLDER.sub(functools.partial(_kept, following=following), line)
            if not _OPENING_MARKS.sub("", line):  # the line held only repeated pictures
                dropped = True
                continue
        if dropped and not line.strip() and (not out or not out[-1].strip()):
            continue  # the blank line that parted the dropped line from its neighbours
        dropped = False
        out.append(line)
    return "\n".join(out)


def _kept(found: re.Match[str], *, following: str) -> str:
    name = _folded(found.group(1))
    rest = found.string[found.end() :]
    after = rest if _words_in(rest) else following
    echoed = len(name) >= _MIN_NAME_CHARS and _folded(_OPENING_MARKS.sub("", after)).startswith(name)
    return "" if echoed else found.group(0)


def _next_text(lines: list[str], index: int) -> str:
    for line in lines[index + 1 : index + 3]:
        if line.strip():
            return line
    return ""


def _words_in(text: str) -> bool:
    return any(character.isalnum() for character in text)


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()
