import { describe, expect, test } from "bun:test";
import type { AttachmentStore } from "../../../core/store/attachments.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = AttachmentStore;

/** Attachments: the files a report carries. */
export function attachmentsContract(makeStore: () => Promise<Subject>) {
  const { id } = contractKit();

  describe("attachments", () => {
    test("attachments are listed by the reports that carry them, oldest first, and found by id", async () => {
      const store = await makeStore();
      const file = (report: string, createdAt: number) => ({
        id: id("att"),
        orgId: "o",
        feedbackId: "f",
        reportId: report,
        kind: "screenshot" as const,
        storageKey: "k",
        contentType: "image/png",
        createdAt,
      });
      const [later, earlier, other] = [file("r1", 2), file("r2", 1), file("r3", 3)];
      for (const a of [later, earlier, other]) await store.addAttachment(a);
      expect(await store.listAttachments(["r1", "r2"])).toEqual([earlier, later]);
      expect(await store.listAttachments(["r3"])).toEqual([other]);
      expect(await store.listAttachments(["none"])).toEqual([]);
      expect(await store.findAttachment(later.id)).toEqual(later);
    });
  });
}
