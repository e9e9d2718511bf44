import type { Attachment } from "../../core/model.ts";
import type { AttachmentStore } from "../../core/store/attachments.ts";
import { type Database, fromDocument, toDocument } from "./database.ts";

export function attachmentStore(data: Database): AttachmentStore {
  return {
    async addAttachment(a) {
      await data.collection("attachments").insertOne(toDocument(a));
    },
    async listAttachments(reportIds) {
      const found = await data
        .collection("attachments")
        .find({ reportId: { $in: [...reportIds] } })
        .sort({ createdAt: 1, _id: 1 })
        .toArray();
      return found.map((a) => fromDocument<Attachment>(a));
    },
    async findAttachment(id) {
      const found = await data.collection("attachments").findOne({ _id: id });
      return found ? fromDocument<Attachment>(found) : null;
    },
  };
}
