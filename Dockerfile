# The bot in a container: python bot.py as a non-root user, the SQLite database on the
# /data volume, and a health check on /healthz (gateway connected, database answering).
# `docker stop` sends SIGTERM and waits 10 s: the bot stops gracefully within
# SHUTDOWN_SECONDS (10 by default); give it a little more (`stop_grace_period: 15s`).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/cuarenta.sqlite3 \
    METRICS_PORT=9108 \
    METRICS_HOST=127.0.0.1

# DejaVu draws the table picture's text (without it the bot falls back to a plainer font).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY tables tables
COPY db db
COPY render render
COPY i18n i18n
COPY cogs cogs
RUN pip install . && rm -rf build *.egg-info
COPY bot.py RULES*.md ./

RUN useradd --create-home --uid 10001 cuarenta && mkdir /data && chown cuarenta /data
USER cuarenta
VOLUME ["/data"]

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['METRICS_PORT'], timeout=4)"

CMD ["python", "bot.py"]
