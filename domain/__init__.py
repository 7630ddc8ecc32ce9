"""The pure core of searchrelay: models, errors, ports and the fallback policy. No I/O here."""
