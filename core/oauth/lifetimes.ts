const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const ACCESS_TOKEN_TTL_MS = HOUR;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
/** An agent unused this long loses its access. */
export const AGENT_IDLE_MS = 30 * DAY;
/** Authorization codes are exchanged at once by well-behaved clients. */
export const AUTH_CODE_TTL_MS = 60_000;
export const SESSION_TTL_MS = 12 * HOUR;
