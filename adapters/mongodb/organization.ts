import type { Organization } from "../../core/model.ts";
import type { Document } from "./database.ts";

/** An organization as the core sees it, from its document (which also holds counters: next key number, webhooks). */
export const organizationOf = (document: Document): Organization => ({
  id: document._id,
  name: document.name,
  keyPrefix: document.keyPrefix,
  plan: document.plan,
  quotaOverride: document.quotaOverride ?? null,
});
