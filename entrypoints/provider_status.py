"""The provider chain as users see it (CLI `providers`, MCP resource): state, never secrets."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

from pydantic import SecretStr

from entrypoints import provider_catalog
from entrypoints.container import Container
from entrypoints.settings import Settings


def provider_report(container: Container) -> dict[str, Any]:
    settings = container.settings()
    names = provider_catalog.chain_names(settings)
    health = container.health()
    pools = container.key_pools()
    chain = []
    for position, name in enumerate(names, start=1):
        spec = provider_catalog.SPECS[name]
        status = health.status(name)
        chain.append(
            {
                "position": position,
                "name": name,
                "role": "primary" if position == 1 else "fallback",
                "configured_by": _configured_by(settings, spec),
                # Counts and key numbers only, e.g. "3 keys: 2 usable, 1 rejected (key #2)".
                "keys": pools[name].status().describe() if name in pools else None,
                "circuit": status.circuit.value,
                "circuit_open_until": status.open_until.isoformat() if status.open_until else None,
                "consecutive_failures": status.consecutive_failures,
                "last_failure": status.last_failure.value if status.last_failure else None,
                "latency_p50_ms": status.latency_p50_ms,
                "latency_p95_ms": status.latency_p95_ms,
                "latency_samples": status.samples,
            }
        )
    unconfigured = [spec.name for spec in provider_catalog.CATALOG if spec.name not in names]
    return {"chain": chain, "not_in_chain": unconfigured}


def _configured_by(settings: Settings, spec: provider_catalog.ProviderSpec) -> str:
    if not spec.variables:
        return "no key needed (named in SEARCHRELAY_PROVIDERS)"
    parts = []
    for variable, field in zip(spec.variables, spec.settings_fields, strict=True):
        value = getattr(settings, field)
        if value is None:
            shown = "not set"
        elif isinstance(value, SecretStr):
            shown = "set"  # nothing of a key: no prefix, no length
        else:
            shown = _url_without_credentials(value)
        parts.append(f"{variable}={shown}")
    return ", ".join(parts)


def _url_without_credentials(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None and parts.username is None:
        return url
    host = parts.hostname or ""
    netloc = f"***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def render_report(report: dict[str, Any]) -> str:
    lines = []
    for p in report["chain"]:
        state = p["circuit"] + (f" until {p['circuit_open_until']}" if p["circuit_open_until"] else "")
        latency = (
            f"p50 {p['latency_p50_ms']:.0f} ms, p95 {p['latency_p95_ms']:.0f} ms"
            if p["latency_samples"]
            else "no calls yet"
        )
        last = f", last failure {p['last_failure']}" if p["last_failure"] else ""
        keys = f"{p['keys']}; " if p.get("keys") else ""
        lines.append(
            f"{p['position']}. {p['name']:<11} {p['role']:<9} {p['configured_by']}  "
            f"[{keys}circuit {state}; {latency}{last}]"
        )
    if report["not_in_chain"]:
        lines.append(f"not in the chain: {', '.join(report['not_in_chain'])}")
    return "\n".join(lines)
