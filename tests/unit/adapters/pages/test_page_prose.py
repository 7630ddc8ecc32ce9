"""The page's prose is measured in the walk, and an agreed article cut holding little of it is made again."""

from __future__ import annotations

import pytest

from adapters.pages import page_prose, profiles
from adapters.pages.candidates import parse_html
from adapters.pages.html_article import choose
from adapters.pages.page_kind import Structure, measure
from adapters.pages.page_prose import MAX_PROSE_PIECES, PROSE_CHARS, is_prose, prose_held
from adapters.pages.structured_data import StructuredData
from tests.unit.adapters.pages.given_answers import GivenAnswers

_PARAGRAPHS = [
    f"Paragraph {n} of the guide: the harbour wall number {n} held through the winter storm, "
    "and the keepers logged the tide each hour until the water went down."
    for n in range(12)
]


def test_long_runs_of_text_are_prose_and_labels_are_not() -> None:
    assert is_prose("x" * PROSE_CHARS)
    assert not is_prose(" " * 50 + "x" * (PROSE_CHARS - 1) + " " * 50)
    assert not is_prose("Read more")


# Twelve paragraphs of a Chinese guide, 55 characters each: a sentence or two, 110 columns wide.
_CHINESE = [
    f"第{n:02}段：港口的防波堤在冬季风暴中坚持住了，管理员每小时记录一次潮水，直到海水退去为止，并把记录交给了市政府。"
    for n in range(12)
]


@pytest.mark.parametrize(
    "run",
    [
        _CHINESE[0],
        "東京の港では、冬の嵐の間も防波堤が持ちこたえ、管理人は水が引くまで毎時間潮位を記録し、市役所に報告した。",
        "항구의 방파제는 겨울 폭풍 속에서도 버텼고, 관리인들은 물이 빠질 때까지 매시간 조수를 기록했다."
        " 시청에 보고했다.",
    ],
)
def test_an_east_asian_sentence_is_prose_by_the_columns_it_takes(run: str) -> None:
    assert len(run) < PROSE_CHARS <= len(run) + sum(not character.isascii() for character in run)
    assert is_prose(run)


@pytest.mark.parametrize(
    "run",
    [
        "港口的防波堤在冬季风暴中坚持住了，管理员每小时记录一次潮水。",  # 30 characters: 60 columns
        "港口的防波堤在冬季风暴中坚持住了，管理员每小时记录一次潮水，直到海水退去为止。",  # 39: 78 columns
        "Les gardiens ont noté la marée chaque heure jusqu'à la décrue.",  # accented, but one column each
        "首页 新闻 体育 财经 科技 娱乐 汽车 房产 教育 旅游 健康 时尚 游戏 视频 图片 专题 博客 论坛",  # a menu
    ],
)
def test_shorter_runs_are_not_prose_whatever_their_script(run: str) -> None:
    assert not is_prose(run)


def test_a_chinese_page_s_paragraphs_are_its_prose_and_a_cut_holding_a_third_of_them_holds_too_little() -> None:
    page = "".join(f"<p>{paragraph}</p>" for paragraph in _CHINESE)

    prose = measure(parse_html(f"<html><body>{page}</body></html>")).prose

    assert [run.strip() for run in prose] == _CHINESE  # counted in characters, none was prose
    assert prose_held("\n\n".join(_CHINESE[:4]), prose) < profiles.FAST_CUT_PROSE
    assert prose_held("\n\n".join(_CHINESE), prose) == 1.0


def test_the_walk_keeps_the_page_s_long_runs_of_text_wherever_they_sit() -> None:
    answer = _PARAGRAPHS[1]
    html = (
        "<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        f"<p>{_PARAGRAPHS[0]}</p><details><summary>Why?</summary>{answer}</details>"
        f"<script>var long = '{'x' * 500}';</script><footer>About us</footer></body></html>"
    )

    prose = measure(parse_html(html)).prose

    assert [run.strip() for run in prose] == [_PARAGRAPHS[0], answer]  # no menu, no label, no script


def test_the_walk_keeps_at_most_a_bounded_number_of_runs() -> None:
    body = "".join(f"<p>{_PARAGRAPHS[0]}</p>" for _ in range(MAX_PROSE_PIECES + 100))

    assert len(measure(parse_html(f"<html><body>{body}</body></html>")).prose) == MAX_PROSE_PIECES


def test_prose_is_found_in_markdown_by_its_words_whatever_the_links_and_emphasis() -> None:
    run = "The keepers logged the tide each hour, and the harbour wall held through the storm until spring."
    markdown = "**The [keepers](https://example.com/keepers) logged** the *tide* each hour, and the harbour wall held"

    assert prose_held(markdown, (run,)) == 1.0
    assert prose_held("Something else entirely.", (run,)) == 0.0
    assert prose_held("", ()) == 1.0  # a page without prose gives no evidence against a cut


def test_a_run_with_soft_hyphens_is_found_in_markdown_without_them() -> None:
    run = "Appli\u00adcants are encour\u00adaged to apply for finan\u00adcial assis\u00adtance with their home repairs."

    assert prose_held("Applicants are encouraged to apply for financial assistance with their", (run,)) == 1.0


def test_the_share_held_counts_each_run_by_its_length() -> None:
    short, long = "a" * 100, "b" * 300

    assert prose_held("a" * 100, (short, long)) == 0.25


def test_a_page_of_many_runs_is_judged_by_a_bounded_sample_spread_over_it(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = tuple(
        f"Paragraph {n:04} of the chapter: the harbour wall held through the storm all night." for n in range(2000)
    )
    read: list[str] = []
    plain = page_prose._plain
    monkeypatch.setattr(page_prose, "_plain", lambda text: read.append(text) or plain(text))

    share = prose_held("\n\n".join(runs[:1000]), runs)

    assert share == pytest.approx(0.5)
    assert len(read) == 1 + page_prose.MAX_RUNS_LOOKED_FOR  # the cut, then the sampled runs


def _article_choice(answers: dict[str, str], prose: tuple[str, ...]) -> tuple[str, str, list[str]]:
    given = GivenAnswers(answers)
    structure = Structure(text_chars=sum(map(len, prose)), code_chars=0, prose=prose)
    article = choose("article", StructuredData(), structure, given)
    return article.method, article.markdown, given.asked


def test_an_agreed_fast_cut_holding_most_of_the_page_s_prose_is_kept() -> None:
    part = "\n\n".join(_PARAGRAPHS)
    answers = {profiles.TRAFILATURA_PRECISION_FAST: part, profiles.RESILIPARSE: part}

    method, markdown, asked = _article_choice(answers, tuple(_PARAGRAPHS))

    assert (method, markdown) == (profiles.TRAFILATURA_PRECISION_FAST, part)
    assert profiles.TRAFILATURA_PRECISION not in asked


def test_a_fast_cut_agreeing_with_resiliparse_on_a_part_of_the_prose_goes_to_the_full_cut_and_the_vote() -> None:
    part, whole = "\n\n".join(_PARAGRAPHS[:4]), "\n\n".join(_PARAGRAPHS)  # a third of the page's prose
    answers = {
        profiles.TRAFILATURA_PRECISION_FAST: part,
        profiles.RESILIPARSE: part,
        profiles.TRAFILATURA_PRECISION: whole,  # trafilatura's readability pass found the rest
        profiles.READABILITY: whole,
        profiles.TRAFILATURA_BALANCED: whole,
    }

    method, markdown, asked = _article_choice(answers, tuple(_PARAGRAPHS))

    assert markdown == whole
    assert profiles.TRAFILATURA_PRECISION in asked
    assert method != profiles.TRAFILATURA_PRECISION_FAST
