import { createHmac, timingSafeEqual } from "node:crypto";
import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { Failure } from "../../core/errors.ts";
import type { Services } from "../../core/services.ts";
import { receiveTrackerEvent, type TrackerChange } from "../../core/trackers/receive-tracker-event.ts";
import { jiraState } from "./tracker.ts";

/** The part of Jira's `jira:issue_updated` event that moves feedbacks; everything else in it is ignored. */
const IssueUpdated = TypeCompiler.Compile(
  Type.Object({
    webhookEvent: Type.String(),
    /** When Jira made the change, in milliseconds. */
    timestamp: Type.Optional(Type.Number()),
    issue: Type.Object({
      key: Type.String({ minLength: 1 }),
      fields: Type.Object({
        status: Type.Object({ name: Type.String(), statusCategory: Type.Optional(Type.Object({ key: Type.String() })) }),
      }),
    }),
    changelog: Type.Optional(Type.Object({ items: Type.Array(Type.Object({ field: Type.String() })) })),
  }),
);

/**
 * `X-Hub-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw body with the secret given when the
 * webhook was registered (Jira Cloud's secure admin webhooks); compared in constant time.
 */
function signedBy(secret: string, header: string, raw: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * The project an event names (`SHOP` in SHOP-12), read without trusting the body's shape (it is not
 * yet verified). The issue's own key comes first: the project whose secret must sign is then the
 * one of the issue moved, whatever else the body says.
 */
function projectOf(event: unknown): string {
  const issue = (event as { issue?: { key?: unknown; fields?: { project?: { key?: unknown } } } } | null)?.issue;
  const key = typeof issue?.key === "string" ? /^([A-Za-z][A-Za-z0-9_]*)-\d+$/.exec(issue.key) : null;
  if (key) return key[1]!.toUpperCase();
  return typeof issue?.fields?.project?.key === "string" ? issue.fields.project.key.toUpperCase() : "";
}

/** What an issue event asks: the issue's new status when its status changed, or nothing. */
function changeOf(event: unknown): TrackerChange | null | "malformed" {
  if ((event as { webhookEvent?: unknown } | null)?.webhookEvent !== "jira:issue_updated") return null;
  if (!IssueUpdated.Check(event)) return "malformed";
  // Only a change of status moves the feedback: an edited summary must not pull it back to an older state.
  if (!event.changelog?.items.some((item) => item.field === "status")) return null;
  const state = jiraState(event.issue.fields.status);
  if (!state) return null;
  return { issueKey: event.issue.key, state, issueStatus: state.name, ...(event.timestamp !== undefined && { at: event.timestamp }) };
}

/**
 * Jira Cloud's issue events, at /integrations/jira/webhook: an issue moved to another status moves
 * its feedbacks, through the app's status mapping. `X-Hub-Signature` must match the webhook secret of
 * an app whose tracker is that project; the body's shape is checked only once the signature holds.
 */
export function createJiraWebhookHandler(
  services: Services,
  refuse: (request: Request, failure: Failure) => Response,
): (request: Request, raw: string, event: unknown) => Promise<Response> {
  return async (request, raw, event) => {
    const signature = request.headers.get("x-hub-signature") ?? "";
    const received = await receiveTrackerEvent(services, {
      provider: "jira",
      project: projectOf(event),
      signedWith: (secret) => signedBy(secret, signature, raw),
      change: changeOf(event),
    });
    return received.ok ? reply(202, received.value) : refuse(request, received);
  };
}
