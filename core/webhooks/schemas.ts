import { Type, type Static } from "@sinclair/typebox";
import { Text } from "../schemas/text.ts";
import { EVENT_TYPES } from "../feedback/events.ts";
import { literals } from "../schemas/literals.ts";

export const MAX_WEBHOOKS_PER_ORGANIZATION = 5;

export const WebhookCreate = Type.Object(
  {
    url: Text({ minLength: 1, maxLength: 2000, description: "https address on the public internet." }),
    events: Type.Array(literals(EVENT_TYPES), { minItems: 1, uniqueItems: true, description: "The event types to receive." }),
  },
  { $id: "WebhookCreate", additionalProperties: false },
);
export type WebhookCreate = Static<typeof WebhookCreate>;

export const DeliveryResultView = Type.Object({
  at: Type.String({ format: "date-time" }),
  status: Type.Union([Type.Integer(), Type.Null()], { description: "HTTP status received, or null when none came." }),
  error: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Integer(),
});

export const WebhookView = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    createdAt: Type.String({ format: "date-time" }),
    lastDelivery: Type.Union([DeliveryResultView, Type.Null()], { description: "The result of the last delivery." }),
  },
  { $id: "Webhook" },
);
export type WebhookView = Static<typeof WebhookView>;

export const WebhookWithSecret = Type.Object(
  { ...WebhookView.properties, secret: Type.String({ description: "The signing secret, shown this once." }) },
  { $id: "WebhookWithSecret" },
);
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const WebhookList = Type.Object({ data: Type.Array(WebhookView) }, { $id: "WebhookList" });
