import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import type { Services } from "../../core/services.ts";
import { openSettings } from "../../core/trackers/settings.ts";
import { applyTrackerStatus } from "../../core/trackers/sync.ts";
import { verifySignature } from "../../core/webhook-signature.ts";

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * The bridge's own changes, at /integrations/bridge/webhook: `{project, issue, status}`, signed with
 * `Service-Signature` and the project's secret (five minutes of tolerance).
 */
export function createBridgeWebhookHandler(services: Services): (request: Request) => Promise<Response> {
  return async (request) => {
    const raw = await request.text();
    let event: { project?: string; issue?: string; status?: string };
    try {
      event = JSON.parse(raw);
    } catch {
      return reply(400, { error: "invalid JSON" });
    }
    const trackers = await services.store.findAppTrackersByProject("bridge", event.project ?? "");
    const header = request.headers.get("service-signature") ?? "";
    const now = Math.floor(services.clock() / 1000);
    let signed = false;
    for (const tracker of trackers)
      signed ||= (await verifySignature((await openSettings(services, tracker)).webhookSecret, header, raw, now)) === "valid";
    if (!signed) return reply(401, { error: "signature does not match" });
    if (typeof event.issue !== "string" || !STATUSES.includes(event.status as Status))
      return reply(400, { error: "issue and a known status are required" });
    const moved = await applyTrackerStatus(services, {
      provider: "bridge",
      project: event.project!,
      issueKey: event.issue,
      status: event.status as Status,
    });
    return reply(202, { moved });
  };
}
