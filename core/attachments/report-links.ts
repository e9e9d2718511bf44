import { attachmentLink, SIGNED_LINK_TTL_MS } from "../feedback/attachment-links.ts";
import type { ReportLinks } from "../feedback/full-context.ts";
import type { Attachment } from "../model.ts";
import type { Services } from "../services.ts";
import type { AttachmentStore } from "../store/attachments.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";

/** What signing the links to reports' attachments reads. */
export type LinkDeps = Pick<Services, "baseUrl" | "clock"> & {
  readonly store: Pick<AttachmentStore, "listAttachments"> & Pick<ServiceSecretStore, "serviceSecret">;
};

/** Each report's latest screenshot and replay, as links that expire in 15 minutes; a report with no file has no entry. */
export async function attachmentLinks(services: LinkDeps, reportIds: readonly string[]): Promise<Map<string, ReportLinks>> {
  const latest = new Map<string, Map<Attachment["kind"], Attachment>>();
  for (const a of reportIds.length > 0 ? await services.store.listAttachments(reportIds) : []) {
    const carried = latest.get(a.reportId) ?? new Map<Attachment["kind"], Attachment>();
    latest.set(a.reportId, carried.set(a.kind, a));
  }
  const secret = await services.store.serviceSecret();
  const expiresAt = services.clock() + SIGNED_LINK_TTL_MS;
  const links = new Map<string, ReportLinks>();
  for (const [reportId, carried] of latest) {
    const signed: ReportLinks = {};
    for (const [kind, a] of carried)
      signed[kind] = { url: await attachmentLink(services.baseUrl, secret, a.id, expiresAt), expiresAt: new Date(expiresAt).toISOString() };
    links.set(reportId, signed);
  }
  return links;
}
