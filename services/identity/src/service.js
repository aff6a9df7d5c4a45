"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.startIdentity = startIdentity;
const chassis_1 = require("@genui/chassis");
const demo_seed_1 = require("./demo-seed");
const me_routes_1 = require("./http/me.routes");
const user_repository_1 = require("./store/user.repository");
/** Starts the identity service in this process (main.ts and the integration tests both use it). */
function startIdentity(config, logger) {
    return (0, chassis_1.startService)({
        service: "identity",
        http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT },
        logLevel: config.LOG_LEVEL,
        ...(logger ? { logger } : {}),
        shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
        identitySecret: config.INTERNAL_IDENTITY_SECRET,
        mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
        nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX },
        setup: async (ctx) => {
            const users = new user_repository_1.UserRepository(ctx.mongo);
            await users.init();
            await ctx.bus.ensureStream("IDENTITY");
            if (config.DEMO_EMAIL && config.DEMO_PASSWORD)
                await (0, demo_seed_1.seedDemoUser)(users, config.DEMO_EMAIL, config.DEMO_PASSWORD, ctx.logger);
            ctx.app.use((0, me_routes_1.meRoutes)(users));
        },
    });
}
//# sourceMappingURL=service.js.map