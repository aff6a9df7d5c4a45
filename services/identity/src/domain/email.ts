/** E-mail addresses are unique case-insensitively: stored trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
