import { describe, expect, test } from "bun:test";
import { quotaAllows } from "../../../core/plans.ts";
import type { CollectionStore } from "../../../core/store/collection.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { AttachmentStore } from "../../../core/store/attachments.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { QualificationStore } from "../../../core/store/qualifications.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = CollectionStore &
  Pick<AppSetupStore, "createChannel" | "setChannelActive"> &
  Pick<AttachmentStore, "listAttachments"> &
  Pick<FeedbackStore, "findFeedback" | "listFeedbacks"> &
  Pick<OrganizationStore, "quotaUsed"> &
  Pick<QualificationStore, "findQualification" | "saveQualification"> &
  Seeding;

/** Collection: a report becomes a feedback with its key, quota use, files and the session it ends, in one write. */
export function collectionContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, newFeedback, qualificationSession } = contractKit();

  describe("collection", () => {
    test("findChannelByKey opens a channel with its app and organization, inactive ones too, as they are now; an unknown key is null", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const key = id("key");
      await store.createChannel({ id: id("ch"), orgId: org.orgId, appId: org.appId, kind: "widget", key, active: true }, 50);
      const found = await store.findChannelByKey(key);
      expect([found?.channel.kind, found?.channel.active, found?.app.id, found?.organization.id]).toEqual(["widget", true, org.appId, org.orgId]);
      expect(await store.setChannelActive(org.orgId, key, false)).toBe(true);
      expect((await store.findChannelByKey(key))?.channel.active).toBe(false);
      expect(await store.findChannelByKey("pk_unknown")).toBeNull();
    });

    test("recordFeedback allocates keys in sequence per organization, found by key or id", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "first", 1))!;
      const b = (await record(store, org, "second", 2))!;
      expect([a.key, b.key]).toEqual([`${org.prefix}-1`, `${org.prefix}-2`]);
      expect(await store.findFeedback(org.orgId, a.key)).toMatchObject({ id: a.id, title: "first" });
      expect(await store.findFeedback(org.orgId, a.id)).toMatchObject({ key: a.key });
    });

    test("recordFeedback refuses past the quota and records nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      expect(await record(store, org, "one", 1, 1)).not.toBeNull();
      expect(await record(store, org, "two", 2, 1)).toBeNull();
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10)).length).toBe(1);
    });

    test("recordFeedback counts reports while the month's quota allows one more, as core's quotaAllows says", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const recorded: boolean[] = [];
      for (let i = 0; i < 4; i++) recorded.push((await record(store, org, `report ${i}`, i + 1, 3)) !== null);
      expect(recorded).toEqual([0, 1, 2, 3].map((used) => quotaAllows(used, 3)));
      expect(await store.quotaUsed(org.orgId, "2026-11")).toBe(3);
    });

    test("recordFeedback links the reporter's files to the new report in the same write", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const input = newFeedback(org, "with a screenshot", 1);
      const file = {
        id: id("att"),
        orgId: org.orgId,
        feedbackId: input.feedback.id,
        reportId: input.report.id,
        kind: "screenshot" as const,
        storageKey: "k",
        contentType: "image/png",
        createdAt: 1,
      };
      await store.recordFeedback({ ...input, attachments: [file] });
      expect(await store.listAttachments([input.report.id])).toEqual([file]);
      const refused = newFeedback(org, "over quota", 2, 1);
      await store.recordFeedback({
        ...refused,
        attachments: [{ ...file, id: id("att"), feedbackId: refused.feedback.id, reportId: refused.report.id }],
      });
      expect(await store.listAttachments([refused.report.id])).toEqual([]);
    });

    test("a report that ends a qualification closes its session in the same transaction", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await store.saveQualification(qualificationSession("q5", 1_000));
      await store.recordFeedback({ ...newFeedback(org, "qualified", 5), qualificationId: "q5" });
      expect(await store.findQualification("q5", 6)).toBeNull();
    });
  });
}
