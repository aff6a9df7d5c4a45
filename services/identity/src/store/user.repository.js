"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UserRepository = exports.toPublicUser = void 0;
const mongoose_1 = require("mongoose");
const userSchema = new mongoose_1.Schema({
    _id: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, default: "" },
    passwordHash: { type: String },
    googleSub: { type: String },
    picture: { type: String },
    createdAt: { type: Date, required: true },
    lastLoginAt: { type: Date },
}, { versionKey: false });
userSchema.index({ email: 1 }, { unique: true });
const toPublicUser = (u) => ({
    id: u._id,
    email: u.email,
    name: u.name,
    picture: u.picture ?? null,
});
exports.toPublicUser = toPublicUser;
class UserRepository {
    model;
    constructor(conn) {
        this.model = conn.model("User", userSchema, "users");
    }
    async init() {
        await this.model.init();
    }
    findById(id) {
        return this.model.findById(id).lean().exec();
    }
    findByEmail(email) {
        return this.model.findOne({ email }).lean().exec();
    }
    /** Inserts; resolves false when the e-mail is taken (unique index), leaving the stored user as it was. */
    async insert(user) {
        try {
            await this.model.create(user);
            return true;
        }
        catch (err) {
            if (err.code === 11000)
                return false;
            throw err;
        }
    }
}
exports.UserRepository = UserRepository;
//# sourceMappingURL=user.repository.js.map