"""Declarative shadow roots put where a browser shows them.

A web component rendered on the server writes its inside as ``<template shadowrootmode="open">``
(Lit, Stencil, Shoelace, MDN's own components; ``shadowroot`` in Chrome's first version). A
browser attaches that content to the template's parent and shows it in place of the parent's own
children, which appear only where a ``<slot>`` takes them (by the ``slot`` name they carry, or the
unnamed slot for the rest); children no slot takes are not shown. Every extractor reads a
``<template>`` as inert markup and drops it, so a page built of such components read as its
slotted scraps, or as nothing. Here each such template's content replaces its parent's children,
the children moved into the slots that take them, as the browser composes it.
"""

from __future__ import annotations

from collections.abc import Iterator

from adapters.pages.html_markdown import Element, drop_tree, unwrap

_MODES = frozenset({"open", "closed"})


def shadow_roots_opened(root: Element) -> int:
    """Each declarative shadow root of ``root`` composed into its host; how many were."""
    templates = [t for t in root.iter("template") if _declares_shadow_root(t)]
    hosts: list[Element] = []  # the elements themselves: an lxml element's id() lasts only while it is held
    opened = 0
    for template in reversed(templates):  # the innermost first: a host's content is whole when its own host opens
        host = template.getparent()
        if host is None:
            continue
        first = next((t for t in host.iterchildren("template") if _declares_shadow_root(t)), None)
        if template is not first or any(opened_host is host for opened_host in hosts):
            drop_tree(template)  # a second shadow root on one host is inert
            continue
        hosts.append(host)
        _compose(host, template)
        opened += 1
    return opened


def _declares_shadow_root(template: Element) -> bool:
    mode = template.get("shadowrootmode") or template.get("shadowroot") or ""
    return mode.strip().lower() in _MODES


def _compose(host: Element, template: Element) -> None:
    """The host's children moved into the template's slots, then the template's content as the host's."""
    slots = list(_own_slots(template))
    named: dict[str, Element] = {}
    for slot in slots:
        named.setdefault((slot.get("name") or "").strip(), slot)
    default = named.get("")
    assigned: dict[int, list[Element | str]] = {id(slot): [] for slot in slots}
    # The host's own text, before the template and after it, is light content like its children.
    for loose in (host.text, template.tail):
        if loose and loose.strip() and default is not None:
            assigned[id(default)].append(loose)
    host.text = template.tail = None
    for child in list(host):
        if child is template:
            continue
        tail, child.tail = child.tail, None
        host.remove(child)
        target = named.get((child.get("slot") or "").strip()) if isinstance(child.tag, str) else None
        if target is not None:
            assigned[id(target)].append(child)
        if tail and tail.strip() and default is not None:
            assigned[id(default)].append(tail)
    for slot in slots:
        if assigned[id(slot)]:
            _fill(slot, assigned[id(slot)])
    unwrap(template, slots)
    unwrap(host, [template])


def _own_slots(template: Element) -> Iterator[Element]:
    """The template's slots, not those of an inert template inside it."""
    for slot in template.iter("slot"):
        if not any(ancestor.tag == "template" for ancestor in _between(slot, template)):
            yield slot


def _between(element: Element, top: Element) -> Iterator[Element]:
    for ancestor in element.iterancestors():
        if ancestor is top:
            return
        yield ancestor


def _fill(slot: Element, nodes: list[Element | str]) -> None:
    """``slot``'s fallback replaced by ``nodes`` (elements and text, in order)."""
    for child in list(slot):
        slot.remove(child)
    slot.text = None
    last: Element | None = None
    for node in nodes:
        if isinstance(node, str):
            if last is None:
                slot.text = (slot.text or "") + node
            else:
                last.tail = (last.tail or "") + node
        else:
            slot.append(node)
            last = node
