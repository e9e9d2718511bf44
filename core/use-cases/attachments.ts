import { attachmentLink, SIGNED_LINK_TTL_MS, validAttachmentLink } from "../feedback/attachment-links.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Attachment } from "../model.ts";
import type { Services } from "../services.ts";
import type { Store } from "../store.ts";
import { type FindDeps, resolveFeedback } from "./get-feedback.ts";

/** What signing a feedback's attachment links reads. */
export type LinkDeps = Pick<Services, "baseUrl" | "clock"> & { readonly store: Pick<Store, "listAttachments" | "serviceSecret"> };

/** Keeps a file with a feedback (a screenshot or a session replay). */
export async function attach(
  services: FindDeps & Pick<Services, "ids" | "clock" | "files"> & { readonly store: Pick<Store, "addAttachment"> },
  orgId: string,
  feedbackKey: string,
  file: { kind: Attachment["kind"]; bytes: Uint8Array; contentType: string },
): Promise<Result<Attachment>> {
  const feedback = await resolveFeedback(services, orgId, feedbackKey);
  if (!feedback) return fail("not_found");
  const id = services.ids.id();
  const attachment: Attachment = {
    id,
    orgId,
    feedbackId: feedback.id,
    kind: file.kind,
    storageKey: `${orgId}/${feedback.id}/${id}`,
    contentType: file.contentType,
    createdAt: services.clock(),
  };
  await services.files.put(attachment.storageKey, file.bytes);
  await services.store.addAttachment(attachment);
  return ok(attachment);
}

/** The latest screenshot and replay of a feedback, as links that expire in 15 minutes. */
export async function attachmentLinks(services: LinkDeps, feedbackId: string): Promise<Record<string, { url: string; expiresAt: string }>> {
  const latest = new Map<string, Attachment>();
  for (const a of await services.store.listAttachments(feedbackId)) latest.set(a.kind, a);
  const secret = await services.store.serviceSecret();
  const expiresAt = services.clock() + SIGNED_LINK_TTL_MS;
  const links: Record<string, { url: string; expiresAt: string }> = {};
  for (const [kind, a] of latest)
    links[kind] = { url: await attachmentLink(services.baseUrl, secret, a.id, expiresAt), expiresAt: new Date(expiresAt).toISOString() };
  return links;
}

/** Opens an attachment from a signed link; a changed or expired link opens nothing. */
export async function openAttachment(
  services: Pick<Services, "clock" | "files"> & { readonly store: Pick<Store, "serviceSecret" | "findAttachment"> },
  attachmentId: string,
  expiresAt: number,
  sig: string,
): Promise<Result<{ bytes: Uint8Array; contentType: string }>> {
  if (!(await validAttachmentLink(await services.store.serviceSecret(), attachmentId, expiresAt, sig, services.clock()))) return fail("invalid_link");
  const attachment = await services.store.findAttachment(attachmentId);
  const bytes = attachment && (await services.files.get(attachment.storageKey));
  return attachment && bytes ? ok({ bytes, contentType: attachment.contentType }) : fail("not_found");
}
