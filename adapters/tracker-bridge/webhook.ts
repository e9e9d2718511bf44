import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { Failure } from "../../core/errors.ts";
import { StatusSchema } from "../../core/schemas/feedback.ts";
import type { Services } from "../../core/services.ts";
import { receiveTrackerEvent } from "../../core/trackers/receive-tracker-event.ts";
import { verifySignature } from "../../core/webhook-signature.ts";

const BridgeEvent = TypeCompiler.Compile(Type.Object({ project: Type.String(), issue: Type.String({ minLength: 1 }), status: StatusSchema }));

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The project a change names, read without trusting the body's shape (it is not yet verified). */
function projectOf(event: unknown): string {
  const project = (event as { project?: unknown } | null)?.project;
  return typeof project === "string" ? project : "";
}

/**
 * The bridge's own changes, at /integrations/bridge/webhook: `{project, issue, status}`, signed with
 * `Service-Signature` and the project's secret (five minutes of tolerance); the body's shape is
 * checked only once the signature holds.
 */
export function createBridgeWebhookHandler(
  services: Services,
  refuse: (request: Request, failure: Failure) => Response,
): (request: Request, raw: string, event: unknown) => Promise<Response> {
  return async (request, raw, event) => {
    const header = request.headers.get("service-signature") ?? "";
    const now = Math.floor(services.clock() / 1000);
    const received = await receiveTrackerEvent(services, {
      provider: "bridge",
      project: projectOf(event),
      signedWith: async (secret) => (await verifySignature(secret, header, raw, now)) === "valid",
      change: BridgeEvent.Check(event) ? { issueKey: event.issue, status: event.status } : "malformed",
    });
    return received.ok ? reply(202, received.value) : refuse(request, received);
  };
}
