import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { TagList } from "../schemas/triage.ts";
import type { TriageStore } from "../store/triage.ts";

/** GET /v1/tags: the organization's tags, by name, each created the first time a feedback carried it. */
export async function listTags(deps: { store: Pick<TriageStore, "listTags"> }, grant: Grant): Promise<Result<TagList>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const tags = await deps.store.listTags(grant.orgId);
  return ok({ data: tags.map((t) => ({ name: t.name, createdAt: new Date(t.createdAt).toISOString(), ...(t.color && { color: t.color }) })) });
}
