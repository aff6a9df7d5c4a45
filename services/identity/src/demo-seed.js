"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.seedDemoUser = seedDemoUser;
const node_crypto_1 = require("node:crypto");
const argon2_1 = __importDefault(require("argon2"));
const email_1 = require("./domain/email");
/** Makes sure the local platform's demo account exists; never touches an existing account. */
async function seedDemoUser(users, email, password, logger) {
    const normalised = (0, email_1.normaliseEmail)(email);
    if (await users.findByEmail(normalised))
        return;
    const passwordHash = await argon2_1.default.hash(password, { type: argon2_1.default.argon2id });
    const created = await users.insert({ _id: (0, node_crypto_1.randomUUID)(), email: normalised, name: "Demo Developer", passwordHash, createdAt: new Date() });
    if (created)
        logger.info({ email: normalised }, "demo account created");
}
//# sourceMappingURL=demo-seed.js.map