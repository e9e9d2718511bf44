import { authorize } from "../authorization.ts";
import { notFound, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { ChangelogEntry } from "../schemas/changelog.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import { type PresentEntryDeps, presentEntry } from "./present-entry.ts";

type ReadDeps = PresentEntryDeps & { readonly store: Pick<ChangelogStore, "findEntry"> };

/** GET /v1/changelog/{id}: one entry, draft or published. */
export async function getEntry(services: ReadDeps, grant: Grant, entryId: string): Promise<Result<ChangelogEntry>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  const entry = await services.store.findEntry(grant.orgId, entryId);
  return entry ? ok(await presentEntry(services, entry)) : notFound("changelog_entry", entryId);
}
