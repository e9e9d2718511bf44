import { Type } from "@sinclair/typebox";

/** E-mail addresses are kept and compared trimmed and in lower case, wherever they come from. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** How a refusal names an e-mail field: checked by isEmailShaped, never by a schema validator. */
export const EMAIL_FIELD = Type.String({ format: "email", description: "An e-mail address." });
