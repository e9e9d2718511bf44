import { Type } from "@sinclair/typebox";

/** E-mail addresses are kept and compared trimmed and in lower case, wherever they come from. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** How a refusal names an e-mail field: checked by isEmailShaped, never by a schema validator. */
export const EMAIL_FIELD = Type.String({ format: "email", description: "An e-mail address." });

/**
 * An address as people and forms give it: something, @, a domain with a dot; at most 254 characters.
 * Never a list: a comma, a semicolon or angle brackets would make a mail library read two addresses
 * (`a@b.example,x@y.example`) and send to both.
 */
const EMAIL_SHAPE = /^[^\s@,;:<>()[\]\\"]+@[^\s@.,;:<>()[\]\\"]+(\.[^\s@.,;:<>()[\]\\"]+)+$/;

export const isEmailShaped = (value: string): boolean => value.length <= 254 && EMAIL_SHAPE.test(value);

/** The same shape for a schema's `pattern`, where a schema checks it (a relayed vote); a refusal says "an e-mail address". */
export const EMAIL_PATTERN = EMAIL_SHAPE.source;
