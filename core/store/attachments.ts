import type { Attachment } from "../model.ts";

/** The files reports carry (their bytes are in file storage). */
export interface AttachmentStore {
  addAttachment(attachment: Attachment): Promise<void>;
  /** The files these reports carry, oldest first. */
  listAttachments(reportIds: readonly string[]): Promise<Attachment[]>;
  findAttachment(attachmentId: string): Promise<Attachment | null>;
}
