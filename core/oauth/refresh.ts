/**
 * The instant an agent must have been used after to be live: one unused for `idleMs` is idle, and
 * neither its access tokens nor its refresh tokens are taken. Stores filter on it.
 */
export const activeSince = (now: number, idleMs: number): number => now - idleMs;

/** What a store read of a refresh token presented, and of its agent, before it writes. */
interface PresentedRefreshToken {
  readonly agentRevoked: boolean;
  readonly used: boolean;
  readonly revoked: boolean;
  readonly expiresAt: number;
  readonly agentLastUsedAt: number;
}

/**
 * What a refresh token presented comes to. A token of a revoked agent is refused. A token used
 * before was stolen or replayed: the store revokes the whole agent (`reused`). A token revoked,
 * expired, or of an idle agent is refused; any other may be rotated (`current`), its holder still a member.
 */
export function judgeRefreshToken(t: PresentedRefreshToken, now: number, idleMs: number): "invalid" | "reused" | "current" {
  if (t.agentRevoked) return "invalid";
  if (t.used) return "reused";
  if (t.revoked || t.expiresAt <= now || t.agentLastUsedAt <= activeSince(now, idleMs)) return "invalid";
  return "current";
}
