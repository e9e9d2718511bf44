import type { NotificationClaim } from "../../core/store/followers.ts";

/**
 * The notices a follower store keeps, in memory, claimed as a store claims them: held while claimed,
 * told once confirmed, free again once given back. `claims` holds each by `subject|email|key`.
 */
export function fakeNotices() {
  const claims = new Map<string, "claimed" | "sent">();
  const id = (subject: string, email: string, key: string) => `${subject}|${email}|${key}`;
  return {
    claims,
    store: {
      claimNotification: async (subject: string, email: string, key: string): Promise<NotificationClaim> => {
        const state = claims.get(id(subject, email, key));
        if (state) return state === "sent" ? "sent" : "held";
        claims.set(id(subject, email, key), "claimed");
        return "claimed";
      },
      confirmNotification: async (subject: string, email: string, key: string) => void claims.set(id(subject, email, key), "sent"),
      releaseNotification: async (subject: string, email: string, key: string) => void claims.delete(id(subject, email, key)),
    },
  };
}
