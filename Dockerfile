# syntax=docker/dockerfile:1
#
# Citadel image. Stage "build" installs the dependencies (compiling the native
# ones), builds the web app and the JavaScript bundles (npm run build) and drops
# the development dependencies. Stage "runtime" holds Node, Chromium (web
# crawling with JavaScript rendering, report checks) and the Noto CJK fonts
# (PDF reports in Chinese and Japanese), the built files and the production
# node_modules — no compiler, no TypeScript sources — and runs as an
# unprivileged user. It is the default target; "toolchains" adds the C
# tool-chains and qemu with which the portal compiles and verifies white-box
# libraries (docs/administration.md#white-box) — only where that is offered.
#
#   docker build -t citadel .
#   docker run -p 8080:8080 -v citadel-data:/data -e CITADEL_MASTER_KEY=… citadel
#   docker run citadel citadel scan --help            # the CLI, in the same image
#
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 # The workspace packages are inside the bundles; their links would point at sources the image does not have.
 && rm -rf node_modules/@citadel

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-noto-cjk tini ca-certificates apksigner zipalign dexdump aapt p7zip-full \
    default-jdk-headless libsmali-java enjarify \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin citadel \
 && mkdir -p /data && chown citadel:citadel /data && chmod 0700 /data
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY --from=build /src/apps/web/dist ./apps/web/dist
COPY --from=build /src/scripts/build/stamp.mjs ./scripts/build/stamp.mjs
COPY --from=build /src/packages/cli/bin ./packages/cli/bin
RUN ln -s /app/packages/cli/bin/citadel.mjs /usr/local/bin/citadel
ENV NODE_ENV=production \
    CITADEL_DATA_DIR=/data \
    CITADEL_WEB_DIR=/app/apps/web/dist \
    CITADEL_PORT=8080
USER citadel
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.CITADEL_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server.js"]

# Portals that generate white-box libraries: gcc, the Android cross tool-chains and qemu-user
# to compile and check them against the standard vectors. Not the default image.
FROM runtime AS toolchains
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev make gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user-static \
 && rm -rf /var/lib/apt/lists/*
USER citadel

# Default target: the runtime image (no compilers).
FROM runtime
