import { createHmac, timingSafeEqual } from "node:crypto";
import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { Failure } from "../../core/errors.ts";
import type { Services } from "../../core/services.ts";
import { changedAt, receiveTrackerEvent, type TrackerChange } from "../../core/trackers/receive-tracker-event.ts";
import { statusFromGithubEvent } from "./tracker.ts";

/** The part of GitHub's "issues" event that moves feedbacks; everything else in it is ignored. */
const IssueEvent = Type.Object({
  action: Type.String(),
  repository: Type.Object({ full_name: Type.String() }),
  issue: Type.Object({
    number: Type.Integer({ minimum: 1 }),
    state: Type.Optional(Type.String()),
    state_reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    updated_at: Type.Optional(Type.String()),
  }),
  label: Type.Optional(Type.Object({ name: Type.String() })),
});
const issueEvent = TypeCompiler.Compile(IssueEvent);

function signedBy(secret: string, header: string, raw: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The repository a delivery names, read without trusting the body's shape (it is not yet verified). */
function repositoryOf(event: unknown): string {
  const name = (event as { repository?: { full_name?: unknown } } | null)?.repository?.full_name;
  return typeof name === "string" ? name : "";
}

/** What an issue event asks: a status from its state and labels, or nothing. */
function changeOf(event: unknown, project: string): TrackerChange | null | "malformed" {
  if (!issueEvent.Check(event)) return "malformed";
  const status = statusFromGithubEvent(event);
  if (!status) return null;
  return {
    issueKey: `${project}#${event.issue.number}`,
    status,
    // GitHub sends the issue as it is after the event; older payloads without it still say closed or reopened.
    issueStatus: event.issue.state ?? (event.action === "closed" ? "closed" : event.action === "reopened" ? "open" : undefined),
    ...changedAt(event.issue.updated_at),
  };
}

/**
 * GitHub's issue events, at /integrations/github/webhook: a closed, reopened or relabelled issue
 * moves its feedbacks. `X-Hub-Signature-256` must match the webhook secret of an app whose tracker
 * is that repository; the body's shape is checked only once the signature holds.
 */
export function createGithubWebhookHandler(
  services: Services,
  refuse: (request: Request, failure: Failure) => Response,
): (request: Request, raw: string, event: unknown) => Promise<Response> {
  return async (request, raw, event) => {
    const project = repositoryOf(event);
    const signature = request.headers.get("x-hub-signature-256") ?? "";
    const received = await receiveTrackerEvent(services, {
      provider: "github",
      project,
      signedWith: (secret) => signedBy(secret, signature, raw),
      change: request.headers.get("x-github-event") !== "issues" ? null : changeOf(event, project),
    });
    return received.ok ? reply(202, received.value) : refuse(request, received);
  };
}
