"""The ranker that cuts a page to the passages answering a question, in scripts with spaces and without."""

from __future__ import annotations

from adapters.ranking.bm25 import Bm25Ranker

ENGLISH = [
    "The museum opens at nine and closes at five on weekdays.",
    "Zebras have stripes that keep biting flies away, a study found.",
    "Tickets cost twelve euros for adults and nothing for children.",
]
# A city's news in Chinese: the budget, the parks, the trains; no spaces between words.
CHINESE = [
    "市政府今天公布了明年的财政预算，总额比今年增加百分之五。",
    "未来五年内将投资建设城市绿地和公园，改善空气质量。",
    "地铁三号线将于下个月开通，连接机场和火车站。",
]
# The same three in Thai: a space ends a phrase, not a word.
THAI = [
    "รัฐบาลประกาศงบประมาณปีหน้า เพิ่มขึ้นร้อยละห้า",
    "จะลงทุนสร้างสวนสาธารณะในอีกห้าปีข้างหน้า เพื่อปรับปรุงคุณภาพอากาศ",
    "รถไฟฟ้าสายใหม่จะเปิดให้บริการเดือนหน้า เชื่อมสนามบินกับสถานีรถไฟ",
]


def _best(query: str, passages: list[str]) -> int:
    scores = Bm25Ranker().scores(query, passages)
    return max(range(len(passages)), key=scores.__getitem__)


def test_an_english_question_finds_its_passage_stemmed() -> None:
    assert _best("why do zebra stripes matter", ENGLISH) == 1  # "zebra" finds "Zebras"


def test_a_chinese_question_finds_the_passage_holding_its_words() -> None:
    # bm25s alone read each clause as one token: "投资" matched no passage and all scored 0.
    assert _best("投资", CHINESE) == 1
    assert _best("地铁什么时候开通", CHINESE) == 2


def test_a_thai_question_finds_the_passage_holding_its_words() -> None:
    assert _best("สวนสาธารณะ", THAI) == 1  # "park"
    assert _best("รถไฟฟ้า เปิด เมื่อไร", THAI) == 2  # "when does the train open"


def test_a_question_sharing_no_word_with_the_page_scores_nothing() -> None:
    assert Bm25Ranker().scores("volcano eruption", ENGLISH + CHINESE + THAI) == [0.0] * 9
    assert Bm25Ranker().scores("the", ENGLISH) == [0.0] * 3  # a stop word alone is no question


def test_passages_without_a_word_the_ranker_counts_all_score_zero() -> None:
    # Digits alone, single letters and stop words leave bm25s an empty vocabulary, which it could
    # not index (a ValueError, and web_fetch with ``focus`` failed on a page of single digits).
    assert Bm25Ranker().scores("prices of lenses", ["1 2 3", "a b", "the and of", ""]) == [0.0] * 4
