# One Dockerfile for amd64 and arm64. The build stage runs on the builder's own platform and
# cross-compiles the single executable for the target (the project's offline arm64 build), so an
# arm64 image never runs npm, Vite or Bun under emulation. The runtime stage holds that file only.
# Base images are pinned by digest (multi-arch indexes); refresh them together when Debian or Node
# publish security updates: `docker buildx imagetools inspect node:22-bookworm-slim`.
FROM --platform=$BUILDPLATFORM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS build
ARG TARGETARCH
ARG BUILDARCH
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN if [ "$TARGETARCH" = "$BUILDARCH" ]; then npm run build && mv dist/rims /rims; \
    elif [ "$TARGETARCH" = "arm64" ]; then npm run build:arm64 && mv dist/rims-linux-arm64 /rims; \
    else echo "Cross-building for $TARGETARCH from $BUILDARCH is not supported: build on an amd64 host" >&2; exit 1; fi

FROM debian:bookworm-slim@sha256:4b50eb66f977b4062683ff434ef18ac191da862dbe966961bc11990cf5791a8d
RUN groupadd --system --gid 10001 rims \
 && useradd --system --uid 10001 --gid 10001 --home-dir /data --no-create-home rims \
 && mkdir -p /data && chown 10001:10001 /data && chmod 0700 /data
COPY --from=build /rims /usr/local/bin/rims
USER 10001:10001
VOLUME ["/data"]
EXPOSE 3000 3443
ENV RIMS_DATA_DIR=/data RIMS_HOST=0.0.0.0 RIMS_PORT=3000 RIMS_HTTPS_PORT=3443 RIMS_IN_CONTAINER=1
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 CMD ["/usr/local/bin/rims", "health"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/rims"]
CMD ["serve"]
