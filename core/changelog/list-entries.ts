import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { ChangelogList } from "../schemas/changelog.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import { type PresentEntryDeps, presentEntries } from "./present-entry.ts";

type ListDeps = PresentEntryDeps & { readonly store: Pick<ChangelogStore, "listEntries"> };

/** GET /v1/changelog: the team's view, drafts first, then what was published, newest first. */
export async function listEntries(services: ListDeps, grant: Grant): Promise<Result<ChangelogList>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  const entries = await services.store.listEntries(grant.orgId, { drafts: true });
  return ok({ data: await presentEntries(services, grant.orgId, entries) });
}
