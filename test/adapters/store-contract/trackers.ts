import { describe, expect, test } from "bun:test";
import type { TrackerStore } from "../../../core/store/trackers.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { GroupingStore } from "../../../core/store/grouping.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = TrackerStore &
  Pick<FeedbackStore, "findFeedback" | "findReportByStatusId" | "listFeedbacks" | "statusChanges"> &
  Pick<FollowerStore, "addFollower" | "listFollowers" | "removeFollower"> &
  Pick<GroupingStore, "setTriage"> &
  Seeding;

/** Issue trackers: an app's tracker, and the feedback an issue is linked to. */
export function trackersContract(makeStore: () => Promise<Subject>) {
  const { id, ideaFeedback, freeOrg } = contractKit();

  /** A new store with an organization that holds one idea: the feedback whose issue the case links or opens. */
  async function withFeedback() {
    const store = await makeStore();
    const { orgId, appId } = await freeOrg(store);
    const feedbackId = id("fb");
    await store.recordFeedback(ideaFeedback(orgId, appId, feedbackId, 1, id("status")));
    return { store, orgId, feedbackId };
  }

  describe("trackers", () => {
    test("trackers: an app's tracker, found by project; a feedback found by its issue key", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      await store.setAppTracker({ orgId, appId, provider: "github", settingsSealed: "s", project: "acme/app" });
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "github", settingsSealed: "s" });
      expect((await store.findAppTrackersByProject("github", "acme/app")).map((t) => t.appId)).toEqual([appId]);
      const channel = id("pk");
      await store.createChannel({ id: id("ch"), orgId, appId, kind: "api", key: channel, active: true }, 50);
      const feedbackId = id("fb");
      await store.recordFeedback({
        ...ideaFeedback(orgId, appId, feedbackId, 1, "status-1"),
        statusTokenHash: "token-hash",
        follower: { feedbackId, email: "ann@x.io", language: "fr" },
      });
      await store.setFeedbackTracker(orgId, feedbackId, { key: "acme/app#7", provider: "github", status: "open" });
      expect((await store.findFeedbacksByTracker(orgId, "acme/app#7")).map((f) => f.id)).toEqual([feedbackId]);
      expect(await store.findReportByStatusId("status-1")).toMatchObject({ report: { feedbackId }, tokenHash: "token-hash" });
      expect(await store.listFollowers(feedbackId)).toEqual([{ feedbackId, email: "ann@x.io", language: "fr" }]);
      await store.addFollower({ feedbackId, email: "bob@x.io", name: "Bob", language: "en" });
      expect(await store.removeFollower(feedbackId, "ann@x.io")).toBe(true);
      expect(await store.listFollowers(feedbackId)).toEqual([{ feedbackId, email: "bob@x.io", name: "Bob", language: "en" }]);
      await store.setTriage(orgId, feedbackId, { severity: "P2", title: "Payment page freezes" });
      expect(await store.findFeedback(orgId, feedbackId)).toMatchObject({ severity: "P2", title: "Payment page freezes" });
      expect((await store.listFeedbacks(orgId, { statuses: ["triage"], words: ["freez"] }, null, 5)).map((f) => f.id)).toEqual([feedbackId]);
      expect(await store.statusChanges(feedbackId)).toEqual([]);
    });

    test("trackers: every feedback linked to an issue is found by its key, in id order; another issue's, or another org's, is not", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      const other = await freeOrg(store);
      const [first, second, elsewhere, foreign] = [id("fb-a"), id("fb-b"), id("fb-c"), id("fb-d")];
      for (const [org, app, feedbackId] of [
        [orgId, appId, second],
        [orgId, appId, first],
        [orgId, appId, elsewhere],
        [other.orgId, other.appId, foreign],
      ] as const) {
        await store.recordFeedback(ideaFeedback(org, app, feedbackId, 1));
      }
      await store.setFeedbackTracker(orgId, first, { key: "ENG-2", provider: "linear", status: "In Progress" });
      await store.setFeedbackTracker(orgId, second, { key: "ENG-2", provider: "linear", status: "In Progress" });
      await store.setFeedbackTracker(orgId, elsewhere, { key: "ENG-3", provider: "linear", status: "Todo" });
      await store.setFeedbackTracker(other.orgId, foreign, { key: "ENG-2", provider: "linear", status: "Todo" });
      expect((await store.findFeedbacksByTracker(orgId, "ENG-2")).map((f) => f.id)).toEqual([first, second]);
      expect(await store.findFeedbacksByTracker(orgId, "ENG-9")).toEqual([]);
    });

    test("trackers: an app's tracker keeps its last failure until a sync that started after it succeeds, and as it is set again with it; set anew, it has none", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      const other = await freeOrg(store);
      const failure = { at: 100, error: "Bad credentials - https://docs.github.com/rest", refused: true };
      await store.recordTrackerFailure(orgId, appId, failure);
      expect(await store.findAppTracker(orgId, appId)).toBeNull();
      const tracker = { orgId, appId, provider: "github", settingsSealed: "s", project: "acme/app" };
      await store.setAppTracker(tracker);
      await store.recordTrackerFailure(other.orgId, appId, failure);
      expect((await store.findAppTracker(orgId, appId))?.lastFailure).toBeUndefined();
      await store.recordTrackerFailure(orgId, appId, failure);
      await store.clearTrackerFailure(orgId, appId, 100);
      expect((await store.findAppTracker(orgId, appId))?.lastFailure).toEqual(failure);
      await store.setAppTracker({ ...tracker, settingsSealed: "s2", lastFailure: failure });
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "github", settingsSealed: "s2", lastFailure: failure });
      await store.clearTrackerFailure(other.orgId, appId, 101);
      expect((await store.findAppTracker(orgId, appId))?.lastFailure).toEqual(failure);
      await store.clearTrackerFailure(orgId, appId, 101);
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "github", settingsSealed: "s2" });
      await store.recordTrackerFailure(orgId, appId, failure);
      await store.setAppTracker(tracker);
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "github", settingsSealed: "s" });
    });

    test("trackers: an app's tracker given new settings keeps its provider and its last failure as the store has it; another org's, or none, is not written", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      const other = await freeOrg(store);
      const failure = { at: 100, error: "Bad credentials", refused: true };
      expect(await store.setTrackerSettings(orgId, appId, { settingsSealed: "s0", project: "acme/none" }, "s")).toBe(false);
      expect(await store.findAppTracker(orgId, appId)).toBeNull();
      await store.setAppTracker({ orgId, appId, provider: "linear", settingsSealed: "s", project: "ENG" });
      await store.recordTrackerFailure(orgId, appId, failure);
      expect(await store.setTrackerSettings(orgId, appId, { settingsSealed: "s2", project: "OPS" }, "s")).toBe(true);
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "linear", settingsSealed: "s2", lastFailure: failure });
      expect((await store.findAppTrackersByProject("linear", "OPS")).map((t) => t.appId)).toEqual([appId]);
      expect(await store.findAppTrackersByProject("linear", "ENG")).toEqual([]);
      await store.clearTrackerFailure(orgId, appId, 101);
      expect(await store.setTrackerSettings(orgId, appId, { settingsSealed: "s3", project: "OPS" }, "s2")).toBe(true);
      expect(await store.setTrackerSettings(other.orgId, appId, { settingsSealed: "theirs", project: "OPS" }, "s3")).toBe(false);
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "linear", settingsSealed: "s3" });
    });

    test("trackers: new settings made from sealed settings replaced since are not written, and say so; the settings stored stay", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      await store.setAppTracker({ orgId, appId, provider: "linear", settingsSealed: "read", project: "ENG" });
      await store.setAppTracker({ orgId, appId, provider: "linear", settingsSealed: "new token", project: "ENG" });
      expect(await store.setTrackerSettings(orgId, appId, { settingsSealed: "mapping on read", project: "OPS" }, "read")).toBe(false);
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "linear", settingsSealed: "new token" });
      expect(await store.findAppTrackersByProject("linear", "OPS")).toEqual([]);
    });

    test("trackers: a link refreshed after the feedback was relinked to another issue is not written back; one still current is", async () => {
      const { store, orgId, feedbackId } = await withFeedback();
      const first = { key: "acme/app#7", provider: "github", status: "open" };
      expect(await store.refreshFeedbackTracker(orgId, feedbackId, first)).toBe(false);
      await store.setFeedbackTracker(orgId, feedbackId, first);
      await store.setFeedbackTracker(orgId, feedbackId, { ...first, key: "acme/app#8" });
      expect(await store.refreshFeedbackTracker(orgId, feedbackId, { ...first, status: "closed", syncedAt: 5 })).toBe(false);
      expect((await store.findFeedback(orgId, feedbackId))!.tracker).toMatchObject({ key: "acme/app#8", status: "open" });
      expect(await store.refreshFeedbackTracker(orgId, feedbackId, { ...first, key: "acme/app#8", status: "closed", syncedAt: 5 })).toBe(true);
      expect((await store.findFeedback(orgId, feedbackId))!.tracker).toEqual({
        key: "acme/app#8",
        provider: "github",
        status: "closed",
        syncedAt: 5,
      });
    });

    test("trackers: the opening of a feedback's issue is claimed once: a second claim is refused while the first holds, another org's too", async () => {
      const { store, orgId, feedbackId } = await withFeedback();
      const other = await freeOrg(store);
      expect(await store.claimTrackerOpening(other.orgId, feedbackId, 100, 60)).toBe(false);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 100, 60)).toBe(true);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 159, 60)).toBe(false);
      expect((await store.findFeedback(orgId, feedbackId))!.tracker).toBeUndefined();
    });

    test("trackers: a claim on an opening given back, or run out, may be claimed again", async () => {
      const { store, orgId, feedbackId } = await withFeedback();
      expect(await store.claimTrackerOpening(orgId, feedbackId, 100, 60)).toBe(true);
      await store.releaseTrackerOpening(orgId, feedbackId, 160);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 101, 60)).toBe(true);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 161, 60)).toBe(true);
      expect(await store.findFeedback(orgId, feedbackId)).not.toHaveProperty("trackerOpeningUntil");
    });

    test("trackers: a claim given back by the opener whose lease ran out, and was taken over since, stays the new opener's", async () => {
      const { store, orgId, feedbackId } = await withFeedback();
      expect(await store.claimTrackerOpening(orgId, feedbackId, 100, 60)).toBe(true);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 170, 60)).toBe(true);
      await store.releaseTrackerOpening(orgId, feedbackId, 160);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 171, 60)).toBe(false);
      await store.releaseTrackerOpening(orgId, feedbackId, 230);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 172, 60)).toBe(true);
    });

    test("trackers: a linked feedback's opening is not claimed, even once the claim that opened it would have run out", async () => {
      const { store, orgId, feedbackId } = await withFeedback();
      expect(await store.claimTrackerOpening(orgId, feedbackId, 100, 60)).toBe(true);
      await store.setFeedbackTracker(orgId, feedbackId, { key: "acme/app#7", provider: "github", status: "open" });
      expect(await store.claimTrackerOpening(orgId, feedbackId, 101, 60)).toBe(false);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 1_000, 60)).toBe(false);
      await store.releaseTrackerOpening(orgId, feedbackId, 160);
      expect(await store.claimTrackerOpening(orgId, feedbackId, 1_001, 60)).toBe(false);
    });

    test("trackers: an app's tracker removed is found no more, by app or by project; its feedbacks keep their issues", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      const other = await freeOrg(store);
      await store.setAppTracker({ orgId, appId, provider: "github", settingsSealed: "s", project: "acme/gone" });
      expect(await store.removeAppTracker(other.orgId, appId)).toBe(false);
      expect(await store.removeAppTracker(orgId, appId)).toBe(true);
      expect(await store.findAppTracker(orgId, appId)).toBeNull();
      expect(await store.findAppTrackersByProject("github", "acme/gone")).toEqual([]);
      expect(await store.removeAppTracker(orgId, appId)).toBe(false);
    });
  });
}
