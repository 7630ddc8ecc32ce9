"""What a line of Markdown is, for the code that walks an answer line by line. Pure, standard library only.

Five walkers share these (the page tidying, the recommendations cut, the repeated-quotes cut,
the picture-echoes cut, the passages split); each had its own copy of the fence pattern.
"""

from __future__ import annotations

import re

# A line opening or closing a fenced code block (whose lines are code, not prose or headings):
# up to three spaces, then ``` or ~~~; four spaces or a tab make an indented code line instead.
CODE_FENCE = re.compile(r" {0,3}(?:```|~~~)")
# A list item's marker: a bullet, or a number of at most nine digits with "." or ")".
LIST_MARKER = r"(?:[-*+]|\d{1,9}[.)])"
