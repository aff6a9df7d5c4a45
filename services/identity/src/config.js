"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.loadIdentityConfig = exports.identityConfigSchema = void 0;
const chassis_1 = require("@genui/chassis");
const zod_1 = require("zod");
exports.identityConfigSchema = chassis_1.baseConfigSchema
    .extend(chassis_1.mongoConfigSchema.shape)
    .extend(chassis_1.natsConfigSchema.shape)
    .extend({
    HTTP_PORT: zod_1.z.coerce.number().int().min(0).max(65535).default(8101),
    MONGO_DB: zod_1.z.string().regex(/^[A-Za-z0-9_-]{1,63}$/).default("genui_identity"),
    /** When set, a demo account with this e-mail and password exists after boot (local platform only). */
    DEMO_EMAIL: zod_1.z.email().optional(),
    DEMO_PASSWORD: zod_1.z.string().min(8).optional(),
});
const loadIdentityConfig = (env = process.env) => (0, chassis_1.loadConfig)("identity", exports.identityConfigSchema, env);
exports.loadIdentityConfig = loadIdentityConfig;
//# sourceMappingURL=config.js.map