import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import type { PortalSimilarRequest } from "../schemas/portal.ts";
import type { WidgetLookAlikes } from "../schemas/widget.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { type FindLookAlikeDeps, publishedLookAlikes, spendLook } from "./look-alikes.ts";
import { type OpenPortalDeps, openPortal } from "./open-portal.ts";
import { postableApps } from "./postable-apps.ts";

type PortalLookAlikeDeps = FindLookAlikeDeps &
  OpenPortalDeps &
  Pick<Services, "clock"> & { readonly store: RateLimitStore & Pick<CatalogStore, "listApps"> };

/**
 * POST /v1/portal/{slug}/similar: while a person writes a title in the portal's post form, the
 * published feedbacks of the portal that look like it, as the widget offers them (the same look,
 * the same budget per client address). With `appId`, only that app's; an app not of the portal's
 * organization has none. No person is needed; a portal that is off is `not_found`.
 */
export async function portalLookAlikes(
  services: PortalLookAlikeDeps,
  slug: string,
  input: PortalSimilarRequest,
  address: string,
  language: Language,
): Promise<Result<WidgetLookAlikes>> {
  const limited = await spendLook(services, address);
  if (!limited.ok) return limited;
  const portal = await openPortal(services, slug);
  if (!portal) return fail("not_found");
  const apps = (await postableApps(services, portal)).filter((app) => input.appId === undefined || app.id === input.appId);
  return ok({ data: await publishedLookAlikes(services, { portal, apps, text: input.text, language }) });
}
