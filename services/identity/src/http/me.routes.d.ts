import { Router } from "express";
import { type UserRepository } from "../store/user.repository";
export declare function meRoutes(users: UserRepository): Router;
//# sourceMappingURL=me.routes.d.ts.map