# One image recipe for every Node process of the platform; ENTRY picks the process (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# Native addons (argon2) compile against this image's Node headers.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
COPY proto/package.json proto/
COPY packages/chassis/package.json packages/chassis/
COPY packages/testkit/package.json packages/testkit/
COPY services/identity/package.json services/identity/
COPY services/apps-templates/package.json services/apps-templates/
COPY services/billing/package.json services/billing/
COPY services/generation/package.json services/generation/
COPY bff/package.json bff/
COPY frontend/web/package.json frontend/web/
COPY sims/package.json sims/
RUN npm ci --no-audit --no-fund
COPY . .
# The local stand-ins (sims/) are built with the rest (one tsc -b), then dropped: no production process runs them.
RUN npm run build && npm prune --omit=dev && rm -rf sims node_modules/@genui/sims

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HTTP_HOST=0.0.0.0
COPY --from=build /app /app
USER node
ARG ENTRY
ENV ENTRY=${ENTRY}
CMD ["sh", "-c", "exec node \"$ENTRY\""]
