/**
 * A feedback's key: its organization's prefix and its number in that organization, as DEMO-42.
 * Stores take the number from the organization's counter, never giving one twice.
 */
export const feedbackKey = (keyPrefix: string, number: number): string => `${keyPrefix}-${number}`;
