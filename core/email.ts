/** E-mail addresses are kept and compared trimmed and in lower case, wherever they come from. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
