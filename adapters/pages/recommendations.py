"""Sections that point the reader elsewhere ("Similar items", "Customers also viewed", "You may also
like", "Read next"), cut from an extractor's answer by their heading.

Shops and publishers put carousels of other products and stories under the page's own content,
and the extractors that keep whole blocks keep them: on a shop's item page "Similar items" and
"Explore related items" held 1,500 words each against the item's 240. Their markup says nothing
the extractors do not already weigh (a list of linked cards, like a listing's items), but their
headings say what they are, in the same few words on every site. So a section whose heading is
one of those phrases goes, from its heading to the next heading of the same or a higher level.

Only the heading's whole text counts ("Related products", not a sentence that mentions related
products), only real headings (at the start of a line, outside code blocks), and never the whole
answer: a page whose every section recommends something keeps what it has. Reviews are not cut:
some pages' content is their reviews, and a shop's review lists are already left out by their
markup where the profile says so (``profiles.RESILIPARSE_WITHOUT_COMMENTS``).
"""

from __future__ import annotations

import re

from domain.markdown_lines import ATX_HEADING, CODE_FENCE
from domain.script_shell import readable_text

# Each phrase is a heading's whole text (case and surrounding punctuation aside). English first,
# then the same sections in the other languages most shops are written in, Russian, Polish,
# Chinese, Japanese and Korean among them (twenty-fifth round: pages the corpora lack).
_PHRASES = (
    r"related(?:\s+(?:items?|products?|posts?|articles?|stories|listings?|content|links|videos|reading))?",
    r"(?:similar|sponsored)\s+(?:items?|products?|posts?|articles?|stories|listings?|content|links|videos)",
    r"explore\s+related(?:\s+\w+)?",
    r"(?:sponsored\s+)?(?:products|items)\s+related\s+to\s+this\s+(?:item|product)",
    r"(?:customers|people|shoppers|others|guests)(?:\s+like\s+you)?\s+"
    r"(?:who\s+(?:viewed|bought|purchased)\s+this(?:\s+\w+)?\s+)?(?:also|frequently)\s+"
    r"(?:viewed|bought|purchased|liked|loved|shopped|considered)(?:\s+or\s+(?:viewed|bought|read))?",
    r"(?:this\s+is\s+)?what\s+(?:customers|people|shoppers)\s+who\s+(?:viewed|bought)\s+this\s+\w+\s+"
    r"(?:also\s+)?(?:bought|viewed)",
    r"similar\s+items\s+to\s+consider|consider\s+these(?:\s+available)?\s+items",
    # A cart's toast offers the set the item belongs to.
    r"(?:added\s+to\s+(?:your\s+)?(?:cart|bag|basket)\W+)?complete\s+the\s+(?:set|look)",
    r"most\s+popular(?:\s+(?:articles|posts|stories|videos|news))?|popular\s+(?:articles|posts|stories)",
    # Not "Why you will love it": a product's own selling points.
    r"(?:(?:items|products|things|stories|articles|posts)\s+)?you\s+(?:may|might|would)\s+(?:also\s+)?"
    r"(?:like|love|enjoy|be\s+interested\s+in)(?:\s+\w+)?",
    r"(?:your\s+)?recently\s+viewed(?:\s+\w+)?",
    r"frequently\s+bought\s+together",
    r"recommended\s+(?:for\s+you|products?|items?|reading|videos)",
    r"(?:what\s+to\s+)?read\s+next|up\s+next",
    r"more\s+(?:stories|articles|like\s+this|from\s+this\s+seller)",
    r"inspired\s+by\s+your\s+browsing(?:\s+\w+)?",
    r"compare\s+with\s+similar\s+items",
    r"ähnliche\s+(?:produkte|artikel)|das\s+könnte\s+(?:dir|ihnen)\s+auch\s+gefallen|kunden\s+kauften\s+auch",
    r"produits\s+(?:similaires|associés|recommandés)|articles\s+similaires|vous\s+aimerez\s+(?:peut-être\s+)?aussi",
    r"productos\s+(?:relacionados|similares)|(?:también\s+)?te\s+puede\s+interesar",
    r"prodotti\s+(?:correlati|simili)|potrebbe\s+interessarti(?:\s+anche)?",
    r"(?:gerelateerde|vergelijkbare)\s+producten",
    r"produtos\s+(?:relacionados|semelhantes)|você\s+também\s+pode\s+gostar",
    r"(?:похожие|рекомендуемые)\s+товары|с\s+этим\s+товаром\s+(?:покупают|смотрят)|вам\s+может\s+понравиться"
    r"|читайте\s+также",
    r"(?:podobne|polecane)\s+produkty|może\s+(?:cię|cie|ci)\s+(?:zainteresować|się\s+spodobać)",
    # Chinese (simplified and traditional), Japanese and Korean write them without spaces.
    r"相[关關](?:推[荐薦]|文章|[阅閱][读讀]|商品|[产產]品)|猜你喜[欢歡]|[为為]你推[荐薦]|推[荐薦](?:[阅閱][读讀]|商品|文章)"
    r"|看了又看|热门文章|熱門文章",
    r"[関关]連(?:記事|商品)|おすすめ(?:の)?(?:商品|記事)|人気記事|最近チェックした商品|よく一緒に購入されている商品"
    r"|この商品を(?:見|買っ)た人は.{0,20}",
    r"(?:관련|추천)\s*(?:상품|기사|제품)|함께\s*본\s*상품",
)
_RECOMMENDS = re.compile(r"[\W_]*(?:" + "|".join(_PHRASES) + r")[\W_]*", re.IGNORECASE)
_OPENS_WITH = re.compile(r"[\W_]*(?:" + "|".join(_PHRASES) + r")(?!\w)", re.IGNORECASE)
# Longer than any of the phrases with its punctuation and a link around it: not looked at.
_LONGEST_HEADING = 300
_WORD = re.compile(r"\w")


def is_recommendation_heading(text: str) -> bool:
    """Whether a heading's text (Markdown, links allowed) names a section of recommendations."""
    if len(text) > _LONGEST_HEADING:
        return False
    # Brackets of links and asterisks of emphasis ("You might **also like**") are not words.
    plain = readable_text(text).replace("[", "").replace("]", "").replace("*", "")
    return _RECOMMENDS.fullmatch(plain) is not None


def opens_with_recommendations(text: str) -> bool:
    """Whether a line's text opens with what names recommendations ("Related coverage from our
    guides:", "You may also like:"): what it introduces is a box of them."""
    return _OPENS_WITH.match(readable_text(text[:_LONGEST_HEADING]).replace("*", "")) is not None


def without_recommendations(markdown: str) -> str:
    """``markdown`` without its sections of recommendations; unchanged when nothing else would be left."""
    if "#" not in markdown:
        return markdown
    lines = markdown.split("\n")
    kept: list[str] = []
    cut_below: int | None = None  # the level of the heading whose section is being cut
    fenced = False
    for line in lines:
        if CODE_FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else ATX_HEADING.fullmatch(line)
        if heading:
            level = len(heading.group(1))
            if cut_below is not None and level <= cut_below:
                cut_below = None
            if cut_below is None and is_recommendation_heading(heading.group(2).rstrip(" \t#")):
                cut_below = level
        if cut_below is None:
            kept.append(line)
    if len(kept) == len(lines):
        return markdown
    left = "\n".join(kept).rstrip()
    return left if _WORD.search(readable_text(left)) else markdown
