"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.normaliseEmail = void 0;
/** E-mail addresses are unique case-insensitively: stored trimmed and lower-cased. */
const normaliseEmail = (email) => email.trim().toLowerCase();
exports.normaliseEmail = normaliseEmail;
//# sourceMappingURL=email.js.map