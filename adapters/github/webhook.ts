import { createHmac, timingSafeEqual } from "node:crypto";
import type { Services } from "../../core/services.ts";
import { openSettings } from "../../core/trackers/settings.ts";
import { applyTrackerStatus } from "../../core/trackers/sync.ts";
import { statusFromGithubEvent } from "./tracker.ts";

const MAX_BODY = 1024 * 1024;

function signedBy(secret: string, header: string, raw: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * GitHub's issue events, at /integrations/github/webhook: a closed, reopened or relabelled issue
 * moves its feedbacks. `X-Hub-Signature-256` must match the webhook secret of an app whose tracker
 * is that repository.
 */
export function createGithubWebhookHandler(services: Services): (request: Request) => Promise<Response> {
  return async (request) => {
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) return reply(413, { error: "payload too large" });
    const raw = await request.text();
    let event: {
      action?: string;
      repository?: { full_name?: string };
      issue?: { number?: number; state_reason?: string | null };
      label?: { name?: string };
    };
    try {
      event = JSON.parse(raw);
    } catch {
      return reply(400, { error: "invalid JSON" });
    }
    const project = event.repository?.full_name ?? "";
    const trackers = await services.store.findAppTrackersByProject("github", project);
    const signature = request.headers.get("x-hub-signature-256") ?? "";
    const secrets = await Promise.all(trackers.map(async (t) => (await openSettings(services, t)).webhookSecret));
    if (!secrets.some((secret) => signedBy(secret, signature, raw))) return reply(401, { error: "signature does not match" });
    if (request.headers.get("x-github-event") !== "issues" || !event.issue?.number) return reply(202, { moved: 0 });
    const status = statusFromGithubEvent(event);
    if (!status) return reply(202, { moved: 0 });
    const moved = await applyTrackerStatus(services, { provider: "github", project, issueKey: `${project}#${event.issue.number}`, status });
    return reply(202, { moved });
  };
}
