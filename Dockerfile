# searchrelay over streamable HTTP. Build: docker build -t searchrelay .
# Run:  docker run -p 8765:8765 -e SEARCHRELAY_HTTP_TOKENS=... -e SERPER_API_KEY=... searchrelay
# With the browser that renders JavaScript pages (docs/browser.md; about 300 MB more):
#   docker build --build-arg WITH_BROWSER=true -t searchrelay:browser .
#   docker run ... -e SEARCHRELAY_BROWSER=auto searchrelay:browser
FROM python:3.11-slim
ARG WITH_BROWSER=false

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY domain ./domain
COPY application ./application
COPY adapters ./adapters
COPY entrypoints ./entrypoints
# Debian's chromium (the image is Debian too) and Playwright to drive it; never a downloaded browser.
RUN if [ "$WITH_BROWSER" = "true" ]; then \
        apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium \
        && rm -rf /var/lib/apt/lists/* && pip install -U pip && pip install '.[browser]'; \
    else pip install -U pip && pip install .; fi \
    && useradd --system --uid 10001 --home-dir /nonexistent searchrelay

USER searchrelay
EXPOSE 8765
# Liveness only: whether this replica should get traffic is /readyz, which the proxy asks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
    CMD ["python", "-c", "import urllib.request as u; u.urlopen('http://127.0.0.1:8765/healthz', timeout=2)"]
# SIGTERM drains: calls in flight finish (SEARCHRELAY_HTTP_GRACE_SECONDS, 25 s), new ones get 503.
STOPSIGNAL SIGTERM
ENTRYPOINT ["searchrelay"]
# 0.0.0.0 inside the container: the server refuses to start there without SEARCHRELAY_HTTP_TOKENS
# (or OAuth); that is intended.
CMD ["serve", "--http", "--host", "0.0.0.0", "--port", "8765"]
