"""Words are counted as a reader sees them in scripts written without spaces, so a Chinese,
Japanese or Thai page's wrapper is not taken for a short box and cut with the page inside it."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.html_markdown import word_count
from adapters.pages.named_boxes import named_boxes_out
from adapters.pages.reconcile import word_f1, words
from adapters.pages.section_headings import section_headings
from adapters.pages.sidebar_boxes import MAX_WORDS, SIDEBARS
from adapters.pages.site_notices import SITE_NOTICES
from adapters.pages.text_words import word_tokens, words_in
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

# Nine sentences of a city's news in Chinese: about 500 characters and no space between them.
CHINESE_STORY = "".join(
    f"<p>第{number}段：市政府今天宣布，将在未来五年内投资建设城市绿地和公共交通，以改善空气质量并减少交通拥堵。</p>"
    for number in range(1, 10)
)

# The same story in Thai, longer: a space ends each sentence, not each word (35 words a paragraph
# and three runs between spaces).
THAI_STORY = "".join(
    f"<p>ตอนที่ {number} กรุงเทพมหานครประกาศวันนี้ว่าจะลงทุนสร้างสวนสาธารณะและระบบขนส่งสาธารณะในอีกห้าปีข้างหน้า"
    " เพื่อปรับปรุงคุณภาพอากาศและลดปัญหาการจราจรติดขัดในเมือง</p>"
    for number in range(1, 16)
)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("The county opened the bridge.", 5),
        ("“Curly quotes” and café are still split at spaces", 9),
        ("北京市政府今天宣布", 9),  # nine ideographs
        ("東京都は本日、発表しました", 13),  # kana and kanji one by one (12), the comma a run of its own
        ("Python 3.12 のリリース", 7),  # two words, then a kana each (5: the long vowel mark is one)
        ("서울시는 오늘 발표했다", 3),  # Korean is written with spaces
        ("ภาษาไทยเป็นภาษาที่สวยงาม", 6),  # Thai: "ภาษา ไทย เป็น ภาษา ที่ สวยงาม", by ICU's dictionary
        ("iPhone 16 ราคา 29,900 บาท", 5),  # a price: "ราคา" and "บาท" are one word each
        ("ພາສາລາວເປັນພາສາທີ່ງາມ", 6),  # Lao
        ("ភាសាខ្មែរគឺជាភាសាដ៏ស្រស់ស្អាត", 6),  # Khmer
        ("မြန်မာဘာသာစကားသည်လှပသည်", 5),  # Burmese
        ("", 0),
    ],
)
def test_words_in_counts_runs_between_spaces_and_each_east_asian_character(given: str, expected: int) -> None:
    assert words_in(given) == expected


def test_a_chinese_article_is_many_words_though_it_holds_few_spaces() -> None:
    root = tree(f"<div>{CHINESE_STORY}</div>")

    assert len(text(root).split()) < MAX_WORDS  # what splitting at spaces counted
    assert word_count(root) > MAX_WORDS


# Each story, its heading, the text of its last paragraph and a short box of its language.
STORIES = [
    pytest.param(CHINESE_STORY, "城市绿地", "第9段", "热门文章", "市民公园开放", id="chinese"),
    pytest.param(THAI_STORY, "สวนสาธารณะ", "ตอนที่ 15", "ข่าวยอดนิยม", "เปิดสวนสาธารณะแห่งใหม่", id="thai"),
]
_STORY_FIELDS = ("story", "heading", "last", "box_heading", "box_link")


@pytest.mark.parametrize(_STORY_FIELDS, STORIES)
def test_a_wrapper_named_for_a_sidebar_layout_around_an_article_without_spaces_stays(
    story: str, heading: str, last: str, box_heading: str, box_link: str
) -> None:
    root = tree(f'<div class="layout-with-sidebar"><h1>{heading}</h1>{story}</div>')

    assert named_boxes_out(root, (SIDEBARS, SITE_NOTICES)) == 0
    assert last in text(root)


@pytest.mark.parametrize(_STORY_FIELDS, STORIES)
def test_a_short_sidebar_box_without_spaces_still_goes(
    story: str, heading: str, last: str, box_heading: str, box_link: str
) -> None:
    box = f'<div class="sidebar-widget"><h3>{box_heading}</h3><a href="/a">{box_link}</a></div>'
    root = tree(f"<div>{story}</div>{box}")

    assert named_boxes_out(root, (SIDEBARS,)) == 1
    assert box_heading not in text(root)


@pytest.mark.parametrize(_STORY_FIELDS, STORIES)
def test_the_whole_page_keeps_an_article_without_spaces_whose_wrapper_is_named_like_a_notice(
    story: str, heading: str, last: str, box_heading: str, box_link: str
) -> None:
    page = (
        f"<html><head><title>{heading}</title></head><body>"
        f"<div class='announcement-detail'><h1>{heading}</h1>{story}</div></body></html>"
    )
    run, _ = cut_candidates(page, "https://news.example/2026/11/parks")

    assert last in run(profiles.WHOLE_PAGE)
    assert last in run(profiles.RESILIPARSE)


def test_a_thai_article_is_many_words_though_it_holds_few_spaces() -> None:
    root = tree(f"<div>{THAI_STORY}</div>")

    assert len(text(root).split()) < MAX_WORDS  # what splitting at spaces counted
    assert word_count(root) > MAX_WORDS


def test_word_tokens_are_runs_of_word_characters_and_each_east_asian_character() -> None:
    assert word_tokens("The bridge, re-opened.") == ["The", "bridge", "re", "opened"]
    assert word_tokens("市政府宣布，Python 3") == ["市", "政", "府", "宣", "布", "Python", "3"]


def test_thai_tokens_are_its_dictionary_words_with_their_vowel_and_tone_marks() -> None:
    # A run of word characters breaks at each mark above or below a letter: "ที่" read as "ท".
    assert word_tokens("ภาษาไทยเป็นภาษาที่สวยงาม") == ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวยงาม"]
    assert word_tokens("ราคา 29,900 บาท (iPhone)") == ["ราคา", "29", "900", "บาท", "iPhone"]


def test_two_answers_holding_the_same_thai_sentences_agree_though_one_differs_inside_each() -> None:
    sentences = [f"ตอนที่ {number} กรุงเทพมหานครประกาศวันนี้ว่าจะลงทุนสร้างสวนสาธารณะ" for number in range(1, 6)]
    with_note_marks = [sentence.replace("ประกาศ", "ประกาศ[1]") for sentence in sentences]

    agreement = word_f1(words("\n\n".join(sentences)), words("\n\n".join(with_note_marks)))

    assert agreement > 0.8


def test_two_answers_holding_the_same_chinese_sentences_agree_though_one_differs_inside_each() -> None:
    sentences = [f"第{number}段：市政府今天宣布，将在未来五年内投资建设城市绿地和公共交通。" for number in range(1, 6)]
    with_note_marks = [sentence.replace("宣布", "宣布[1]") for sentence in sentences]  # a footnote kept as text

    agreement = word_f1(words("\n\n".join(sentences)), words("\n\n".join(with_note_marks)))

    assert agreement > 0.9  # as runs up to the punctuation, half of each sentence differed: 0.5


def test_a_chinese_section_counts_the_words_under_its_heading() -> None:
    section = "市政府今天宣布将在未来五年内投资建设城市绿地。"  # one sentence: 22 words, 1 run
    markdown = "\n\n".join(f"## 第{number}节\n\n{section}" for number in range(1, 4))

    assert section_headings(markdown) == ("第1节", "第2节", "第3节")
