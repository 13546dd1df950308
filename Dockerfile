# Lexhub as one container: the built web app and the server, run as an unprivileged user.
# With DATABASE_URL it uses that PostgreSQL (see compose.yaml); without, the embedded PGlite
# database in /data (mount a volume there).

# Build stage: every package (the build needs Vite), then the client bundle and its compressed copies.
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run stage: production packages only, the sources the server runs with tsx, and the build.
FROM node:20.19-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY server ./server
COPY src ./src
COPY scripts ./scripts
COPY public ./public
COPY tsconfig.json index.html vite.config.ts ./
RUN mkdir /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself, not `npm start`: the image is built already and npm would only add a process.
CMD ["node", "--import", "tsx", "server/main.ts"]
