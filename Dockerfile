# syntax=docker/dockerfile:1
# One image for every service: the API (default command), the projections and the workers run
# the same code with a different command (see docker-compose.yml). Node 24 runs the TypeScript
# sources directly (type stripping), so only the UI has a build step.
# Run it with JWT_SECRET and PUBLIC_URL set (the address browsers use): the api and workers refuse to
# start without PUBLIC_URL, which every e-mailed link and the socket.io origin check depend on.

ARG NODE_IMAGE=node:24-slim

# --- manifests: the package.json files and the lockfile, all npm ci needs --------------------------
# Copied before the sources, so the dependency layers are reused until a manifest or the lockfile changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY workers/package.json workers/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# --- build: all dependencies, then the UI bundle -------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY --from=manifests /app ./
RUN npm ci
COPY . .
RUN npm run build -w @crossfeed/frontend

# --- runtime: production dependencies, sources and the built UI ----------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev && npm cache clean --force
COPY . .
COPY --from=build /app/frontend/dist frontend/dist
# The data folder belongs to the unprivileged `node` user of the base image (a named volume mounted
# there starts with this ownership).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
CMD ["node", "--disable-warning=ExperimentalWarning", "backend/src/main.ts"]
