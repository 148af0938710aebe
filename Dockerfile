# Multi-stage: build the single executable, then run it as a non-root user with /data as a volume.
FROM node:20-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --home-dir /data rims && mkdir -p /data && chown rims /data
COPY --from=build /src/dist/rims /usr/local/bin/rims
USER rims
VOLUME ["/data"]
EXPOSE 3000 3443
ENV RIMS_DATA_DIR=/data RIMS_HOST=0.0.0.0 RIMS_PORT=3000
ENTRYPOINT ["/usr/local/bin/rims"]
CMD ["serve"]
