import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { SESSION_TTL_MS } from "../../core/oauth/lifetimes.ts";
import { endSession } from "../../core/sessions/end-session.ts";
import { resumeSession } from "../../core/sessions/resume-session.ts";
import { startSession } from "../../core/sessions/start-session.ts";
import { NOW } from "./fake-organization.ts";

function sessions() {
  const rows = new Map<string, { userId: string; expiresAt: number }>();
  return {
    rows,
    deps: {
      clock: () => NOW,
      ids: { secret: () => "browser-secret" },
      digest: (text: string) => `sha256(${text})`,
      store: {
        createSession: async (hash: string, userId: string, _at: number, expiresAt: number) => void rows.set(hash, { userId, expiresAt }),
        findSession: async (hash: string, now: number) => {
          const row = rows.get(hash);
          return row && row.expiresAt > now ? { userId: row.userId, email: "ann@acme.test" } : null;
        },
        deleteSession: async (hash: string) => void rows.delete(hash),
        listMemberships: async () => [{ orgId: "org", orgName: "Acme", role: "member" as const }],
      },
    },
  };
}

describe("browser sessions", () => {
  test("a session is stored as the digest of its secret, for 12 hours", async () => {
    const s = sessions();
    const started = await startSession(s.deps, "user-ann");
    assert.deepEqual(started, { secret: "browser-secret", lifetimeMs: SESSION_TTL_MS });
    assert.deepEqual(s.rows.get("sha256(browser-secret)"), { userId: "user-ann", expiresAt: NOW + SESSION_TTL_MS });
  });

  test("resuming gives the person and their organizations; after sign-out, nobody", async () => {
    const s = sessions();
    await startSession(s.deps, "user-ann");
    const resumed = await resumeSession(s.deps, "browser-secret");
    assert.deepEqual(resumed, { userId: "user-ann", email: "ann@acme.test", memberships: [{ orgId: "org", orgName: "Acme", role: "member" }] });
    await endSession(s.deps, "browser-secret");
    assert.equal(await resumeSession(s.deps, "browser-secret"), null);
  });
});
