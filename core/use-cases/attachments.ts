import { attachmentLink, SIGNED_LINK_TTL_MS, validAttachmentLink } from "../feedback/attachment-links.ts";
import type { ReportLinks } from "../feedback/full-context.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Attachment } from "../model.ts";
import type { Services } from "../services.ts";
import type { AttachmentStore } from "../store/attachments.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { type FindDeps, resolveFeedback } from "./get-feedback.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";

/** What signing the links to reports' attachments reads. */
export type LinkDeps = Pick<Services, "baseUrl" | "clock"> & {
  readonly store: Pick<AttachmentStore, "listAttachments"> & Pick<ServiceSecretStore, "serviceSecret">;
};

/** Keeps a file (a screenshot or a session replay) with a feedback's latest report, which carries it from then on. */
export async function attach(
  services: FindDeps &
    Pick<Services, "ids" | "clock" | "files"> & { readonly store: Pick<AttachmentStore, "addAttachment"> & Pick<FeedbackStore, "listReports"> },
  orgId: string,
  feedbackKey: string,
  file: { kind: Attachment["kind"]; bytes: Uint8Array; contentType: string },
): Promise<Result<Attachment>> {
  const feedback = await resolveFeedback(services, orgId, feedbackKey);
  const report = feedback && (await services.store.listReports(feedback.id)).at(-1);
  if (!feedback || !report) return fail("not_found");
  const id = services.ids.id();
  const attachment: Attachment = {
    id,
    orgId,
    feedbackId: feedback.id,
    reportId: report.id,
    kind: file.kind,
    storageKey: `${orgId}/${feedback.id}/${id}`,
    contentType: file.contentType,
    createdAt: services.clock(),
  };
  await services.files.put(attachment.storageKey, file.bytes);
  await services.store.addAttachment(attachment);
  return ok(attachment);
}

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

/** Opens an attachment from a signed link; a changed or expired link opens nothing. */
export async function openAttachment(
  services: Pick<Services, "clock" | "files"> & {
    readonly store: Pick<ServiceSecretStore, "serviceSecret"> & Pick<AttachmentStore, "findAttachment">;
  },
  attachmentId: string,
  expiresAt: number,
  sig: string,
): Promise<Result<{ bytes: Uint8Array; contentType: string }>> {
  if (!(await validAttachmentLink(await services.store.serviceSecret(), attachmentId, expiresAt, sig, services.clock()))) return fail("invalid_link");
  const attachment = await services.store.findAttachment(attachmentId);
  const bytes = attachment && (await services.files.get(attachment.storageKey));
  return attachment && bytes ? ok({ bytes, contentType: attachment.contentType }) : fail("not_found");
}
