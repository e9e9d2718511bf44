import { createHmac, timingSafeEqual } from "node:crypto";
import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { Failure } from "../../core/errors.ts";
import type { Services } from "../../core/services.ts";
import { changedAt, receiveTrackerEvent, type TrackerChange } from "../../core/trackers/receive-tracker-event.ts";
import { kindOfLinearState } from "./tracker.ts";

/** Linear documents a minute of tolerance between `webhookTimestamp` and the receiver's clock. */
const TOLERANCE_MS = 60_000;

/** The part of Linear's Issue event that moves feedbacks; everything else in it is ignored. */
const IssueEvent = TypeCompiler.Compile(
  Type.Object({
    type: Type.String(),
    action: Type.String(),
    data: Type.Object({
      identifier: Type.String({ minLength: 1 }),
      state: Type.Object({ name: Type.String(), type: Type.String() }),
      /** When the issue changed (ISO). */
      updatedAt: Type.Optional(Type.String()),
    }),
    updatedFrom: Type.Optional(Type.Union([Type.Object({ stateId: Type.Optional(Type.String()) }), Type.Null()])),
  }),
);

/** `Linear-Signature`: the HMAC-SHA256 of the raw body with the webhook's secret, in hex; compared in constant time. */
function signedBy(secret: string, header: string, raw: string): boolean {
  const expected = Buffer.from(createHmac("sha256", secret).update(raw).digest("hex"));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * The team an event names (its key, as `ENG` in ENG-12), read without trusting the body's shape (it
 * is not yet verified). The issue's own identifier comes first: the team whose secret must sign is
 * then the one of the issue moved, whatever else the body says.
 */
function teamOf(event: unknown): string {
  const data = (event as { data?: { team?: { key?: unknown }; identifier?: unknown } } | null)?.data;
  const identifier = typeof data?.identifier === "string" ? /^([A-Za-z0-9]+)-\d+$/.exec(data.identifier) : null;
  if (identifier) return identifier[1]!.toUpperCase();
  return typeof data?.team?.key === "string" ? data.team.key.toUpperCase() : "";
}

/** When the event was sent (milliseconds), as Linear writes it into the signed body. */
function timestampOf(event: unknown): number | null {
  const at = (event as { webhookTimestamp?: unknown } | null)?.webhookTimestamp;
  return typeof at === "number" && Number.isFinite(at) ? at : null;
}

/** What an Issue event asks: the issue's new workflow state when it moved, or nothing. */
function changeOf(event: unknown): TrackerChange | null | "malformed" {
  const type = (event as { type?: unknown } | null)?.type;
  if (type !== "Issue") return null;
  if (!IssueEvent.Check(event)) return "malformed";
  // Only a change of state moves the feedback: an edited title must not pull it back to an older state.
  if (event.action !== "update" || !event.updatedFrom?.stateId) return null;
  const kind = kindOfLinearState(event.data.state.type);
  if (!kind) return null;
  return {
    issueKey: event.data.identifier,
    state: { name: event.data.state.name, kind },
    issueStatus: event.data.state.name,
    ...changedAt(event.data.updatedAt),
  };
}

/**
 * Linear's data change events, at /integrations/linear/webhook: an issue moved to another workflow
 * state moves its feedbacks, through the app's status mapping. `Linear-Signature` must match the
 * webhook secret of an app whose tracker is that team, and `webhookTimestamp` must be within a
 * minute of our clock; the body's shape is checked only once both hold.
 */
export function createLinearWebhookHandler(
  services: Services,
  refuse: (request: Request, failure: Failure) => Response,
): (request: Request, raw: string, event: unknown) => Promise<Response> {
  return async (request, raw, event) => {
    const signature = request.headers.get("linear-signature") ?? "";
    const sentAt = timestampOf(event);
    const fresh = sentAt !== null && Math.abs(services.clock() - sentAt) <= TOLERANCE_MS;
    const received = await receiveTrackerEvent(services, {
      provider: "linear",
      project: teamOf(event),
      signedWith: (secret) => fresh && signedBy(secret, signature, raw),
      change: changeOf(event),
    });
    return received.ok ? reply(202, received.value) : refuse(request, received);
  };
}
