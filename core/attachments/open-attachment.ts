import { fail, ok, type Result } from "../errors.ts";
import { validAttachmentLink } from "../feedback/attachment-links.ts";
import type { Services } from "../services.ts";
import type { AttachmentStore } from "../store/attachments.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";

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
