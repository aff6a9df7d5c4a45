/** E-mail addresses are unique case-insensitively: stored trimmed and lower-cased. */
export declare const normaliseEmail: (email: string) => string;
//# sourceMappingURL=email.d.ts.map