const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const ACCESS_TOKEN_TTL_MS = HOUR;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
/** An agent unused this long loses its access. */
export const AGENT_IDLE_MS = 30 * DAY;
/** Authorization codes are exchanged at once by well-behaved clients. */
export const AUTH_CODE_TTL_MS = 60_000;
export const SESSION_TTL_MS = 12 * HOUR;
/** A registered client that has not been authorized by anyone this long is deleted (registration is open to all). */
export const UNUSED_CLIENT_MS = DAY;
/** Dynamic registrations one address may make in an hour. */
export const REGISTRATIONS_PER_HOUR = 20;
export const REGISTRATION_WINDOW_MS = HOUR;
