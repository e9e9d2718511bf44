import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { FindDeps } from "../feedback/find-feedback.ts";
import type { Grant } from "../model.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { UserStore } from "../store/users.ts";
import { entryRecipients } from "./announce-entry.ts";

type AudienceDeps = FindDeps & { readonly store: Pick<FollowerStore, "listFollowersOf"> & Pick<UserStore, "findUser"> };

/**
 * How many people an entry shipping these feedbacks would e-mail if published now: the people its
 * announcement goes to (entryRecipients), each counted once however many of the feedbacks they
 * follow, the person asking left out (they publish it). Keys that name no feedback are left out, as
 * the editor says them apart.
 */
export async function entryAudience(services: AudienceDeps, grant: Grant, keys: readonly string[]): Promise<Result<number>> {
  const allowed = authorize(grant, "changelog.manage");
  if (!allowed.ok) return allowed;
  return ok((await entryRecipients(services, grant.orgId, keys, grant.userId)).recipients.length);
}
