/**
 * A feedback's key: its organization's prefix and its number in that organization, as DEMO-42.
 * Stores take the number from the organization's counter, never giving one twice.
 */
export const feedbackKey = (keyPrefix: string, number: number): string => `${keyPrefix}-${number}`;

/** An organization's key prefix: short, upper case, a letter first (DEMO). */
export const KEY_PREFIX = /^[A-Z][A-Z0-9]{0,11}$/;

/** A key as feedbackKey makes them, as a pattern to find one in a text: an upper-case prefix, a hyphen, a number. */
export const FEEDBACK_KEY = /[A-Z][A-Z0-9]*-\d+/;

const WHOLE_KEY = new RegExp(`^${FEEDBACK_KEY.source}$`);

/** Whether a text is a key as feedbackKey makes them. */
export const isFeedbackKey = (text: string): boolean => WHOLE_KEY.test(text);
