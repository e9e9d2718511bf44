import { fail, ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { Attachment } from "../model.ts";
import type { Services } from "../services.ts";
import type { AttachmentStore } from "../store/attachments.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";

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
