"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.meRoutes = meRoutes;
const chassis_1 = require("@genui/chassis");
const express_1 = require("express");
const user_repository_1 = require("../store/user.repository");
function meRoutes(users) {
    const router = (0, express_1.Router)();
    router.get("/accounts/api/v1/me/", chassis_1.requireIdentity, async (req, res) => {
        const user = await users.findById((0, chassis_1.userId)(req));
        // A signed identity for a user that no longer exists is as good as none.
        if (!user)
            throw (0, chassis_1.unauthorized)("User not found.");
        res.json((0, user_repository_1.toPublicUser)(user));
    });
    return router;
}
//# sourceMappingURL=me.routes.js.map