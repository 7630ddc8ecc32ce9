"""ISO code lists for the country and language filters, and their validators.

Kept as plain data so the domain needs no third-party package; the lists change rarely
(ISO 3166-1 last added a code in 2011, ISO 639-1 in 2009).
"""

from __future__ import annotations

from domain.errors import InvalidRequestError

# Kept as whitespace-separated text: 250 quoted literals would be far harder to review.
_COUNTRY_TEXT = """
    ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs
    bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee
    eg eh er es et fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm
    hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc
    li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na
    nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw
    sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm tn to
    tr tt tv tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw
"""

_LANGUAGE_TEXT = """
    aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da
    de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz
    ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln
    lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi
    pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti
    tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
"""

#: ISO 3166-1 alpha-2, officially assigned codes (249), lower case.
COUNTRIES: frozenset[str] = frozenset(_COUNTRY_TEXT.split())
#: ISO 639-1 codes (184, including 'bh', which some lists have since dropped), lower case.
LANGUAGES: frozenset[str] = frozenset(_LANGUAGE_TEXT.split())

# Mistakes common enough to deserve a pointed hint rather than the generic message.
_COUNTRY_HINTS = {"uk": " (the United Kingdom is 'gb')", "en": " ('en' is a language; try 'us' or 'gb')"}


def validate_country(code: str) -> str:
    """The lower-cased ISO 3166-1 alpha-2 code, or ``InvalidRequestError`` explaining the form."""
    lowered = code.strip().lower()
    if lowered in COUNTRIES:
        return lowered
    raise InvalidRequestError(
        f"country {code!r} is not an ISO 3166-1 alpha-2 code such as 'us', 'de' or 'gb'"
        + _COUNTRY_HINTS.get(lowered, "")
        + "."
    )


def validate_language(code: str) -> str:
    """The lower-cased ISO 639-1 code, or ``InvalidRequestError`` explaining the form."""
    lowered = code.strip().lower()
    if lowered in LANGUAGES:
        return lowered
    hint = ""
    # Agents often pass a locale such as 'en-US'; name the part that would be accepted.
    primary = lowered.replace("_", "-").split("-")[0]
    if primary != lowered and primary in LANGUAGES:
        hint = f" (for a locale such as {code!r}, pass only its language part {primary!r})"
    raise InvalidRequestError(f"language {code!r} is not an ISO 639-1 code such as 'en', 'de' or 'fr'" + hint + ".")
