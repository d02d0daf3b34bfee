# PrestaLab as a container: one executable, data in the /data volume.
#   docker build -t prestalab .
#   docker run -d -p 3000:3000 -v prestalab-data:/data --name prestalab prestalab
#   docker logs prestalab        # first start: the generated administrator password

# --- build: the UI, the migrations and the server compiled into dist/prestalab -------------------------
FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json bun.lock .bun-version ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build

# --- runtime: the binary needs only glibc, so a slim Debian is enough ----
FROM debian:bookworm-slim
RUN useradd --system --user-group --uid 10001 --home-dir /data --no-create-home prestalab \
    && mkdir /data \
    && chown prestalab:prestalab /data
COPY --from=build /app/dist/prestalab /usr/local/bin/prestalab

ENV PRESTALAB_DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
USER prestalab
WORKDIR /data
VOLUME /data
EXPOSE 3000

# The binary has no health subcommand, and curl would add a package (and its libraries) to an image
# that otherwise holds one file. bash is already in the base image and can speak just enough HTTP over
# /dev/tcp: the check passes when /api/health answers {"ok":true,…}.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-3000} && printf 'GET /api/health HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && grep -q '\"ok\":true' <&3"]

# SIGTERM (docker stop) makes PrestaLab finish requests in flight, checkpoint the WAL and exit 0.
ENTRYPOINT ["/usr/local/bin/prestalab"]
CMD ["serve"]
