import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import { type Portal, PortalUpdate } from "../schemas/portal.ts";
import type { Status } from "../schemas/feedback.ts";
import type { PortalChanges, PortalStore } from "../store/portals.ts";
import { portalView } from "./portal-settings.ts";
import { type PortalAdminDeps, readPortal } from "./read-portal.ts";
import { openSsoSecret } from "./sso-secret.ts";
import { reordersText } from "../schemas/text.ts";

/**
 * PUT /v1/portal: changes the fields sent and those alone, so that a save of other fields at the same
 * moment stands too (Admin); a slug another portal holds is refused (`slug_taken`).
 */
export async function setPortal(
  services: PortalAdminDeps & { readonly store: Pick<PortalStore, "savePortal"> },
  grant: Grant,
  update: PortalUpdate,
): Promise<Result<Portal>> {
  const allowed = authorize(grant, "portal.manage");
  if (!allowed.ok) return allowed;
  // The schema's pattern says https and no credentials; an address it lets through must still be one a browser can open.
  if (update.signInUrl && !URL.canParse(update.signInUrl))
    return invalid("invalid_body", { field: "signInUrl", reason: "expected", schema: PortalUpdate.properties.signInUrl });
  const labels = update.statusLabels as Partial<Record<Status, string>> | undefined;
  const unreadable = unreadableField(update.title?.trim(), labels);
  if (unreadable) return invalid("invalid_body", { field: unreadable, reason: "reordering" });
  const current = await readPortal(services, grant.orgId);
  if (!current) return fail("not_found");
  const title = update.title?.trim();
  const changes: PortalChanges = {
    ...(update.enabled !== undefined && { enabled: update.enabled }),
    ...(update.slug !== undefined && { slug: update.slug }),
    ...(title && { title }),
    ...(update.posting !== undefined && { posting: update.posting }),
    ...(update.indexing !== undefined && { indexing: update.indexing }),
    ...(labels !== undefined && { statusLabels: trimmedLabels(labels) }),
    ...(update.brandColor !== undefined && { brandColor: update.brandColor?.toLowerCase() ?? null }),
    ...(update.signInUrl !== undefined && { signInUrl: update.signInUrl }),
  };
  // The moment it last changed is what its changelog's feed says it was updated at while it holds no entry.
  const changed = Object.entries(changes).some(([field, value]) => JSON.stringify(value) !== JSON.stringify(current[field as keyof PortalChanges]));
  const saved = await services.store.savePortal(changed ? { ...changes, changedAt: services.clock() } : changes, current);
  return saved ? ok(portalView(saved, services.baseUrl, await openSsoSecret(services.secrets, saved))) : fail("slug_taken");
}

/**
 * The first name the public reads that holds characters reordering or hiding it, as a field: the
 * portal's title, or a status label (which the page's filters and every feedback show).
 */
function unreadableField(title: string | undefined, labels: Partial<Record<Status, string>> | undefined): string | undefined {
  if (title !== undefined && reordersText(title)) return "title";
  const status = Object.entries(labels ?? {}).find(([, label]) => label !== undefined && reordersText(label.trim()))?.[0];
  return status && `statusLabels.${status}`;
}

/** The labels the team named, trimmed; a blank one goes back to the default. */
const trimmedLabels = (labels: Partial<Record<Status, string>>): Partial<Record<Status, string>> =>
  Object.fromEntries(
    Object.entries(labels)
      .map(([status, label]) => [status, label?.trim()] as const)
      .filter(([, label]) => Boolean(label)),
  );
