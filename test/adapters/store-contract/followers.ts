import { describe, expect, test } from "bun:test";
import type { Follower } from "../../../core/model.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = FollowerStore;

/** Followers and the notifications sent to them. */
export function followersContract(makeStore: () => Promise<Subject>) {
  describe("followers", () => {
    test("listFollowers gives a feedback's followers once each, with their name, language and tracking link; removeFollower stops one, and says whether it followed", async () => {
      const store = await makeStore();
      await store.addFollower({ feedbackId: "f1", email: "a@x.io", name: "Ann", language: "fr", trackingSealed: "sealed" });
      await store.addFollower({ feedbackId: "f1", email: "a@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f1", email: "b@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f2", email: "c@x.io", language: "en" });
      const followers = async (feedbackId: string) => (await store.listFollowers(feedbackId)).sort((x, y) => x.email.localeCompare(y.email));
      expect(await followers("f1")).toEqual([
        { feedbackId: "f1", email: "a@x.io", name: "Ann", language: "fr", trackingSealed: "sealed" },
        { feedbackId: "f1", email: "b@x.io", language: "en" },
      ]);
      expect(await store.removeFollower("f1", "a@x.io")).toBe(true);
      expect(await store.removeFollower("f1", "a@x.io")).toBe(false);
      expect((await followers("f1")).map((f) => f.email)).toEqual(["b@x.io"]);
      expect((await followers("f2")).map((f) => f.email)).toEqual(["c@x.io"]);
    });

    test("countFollowers counts the people following each feedback asked for", async () => {
      const store = await makeStore();
      await store.addFollower({ feedbackId: "f1", email: "a@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f1", email: "b@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f2", email: "a@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f3", email: "a@x.io", language: "en" });
      expect(await store.countFollowers(["f1", "f2", "none"])).toEqual(
        new Map([
          ["f1", 2],
          ["f2", 1],
        ]),
      );
      expect(await store.countFollowers([])).toEqual(new Map());
    });

    test("listFollowersOf gives the followers of any of the feedbacks asked for, each as listFollowers gives it; of none, none", async () => {
      const store = await makeStore();
      await store.addFollower({ feedbackId: "f1", email: "a@x.io", name: "Ann", language: "fr", trackingSealed: "sealed" });
      await store.addFollower({ feedbackId: "f1", email: "b@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f2", email: "a@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f3", email: "c@x.io", language: "en" });
      const byFeedbackThenEmail = (x: Follower, y: Follower) => x.feedbackId.localeCompare(y.feedbackId) || x.email.localeCompare(y.email);
      expect((await store.listFollowersOf(["f1", "f2", "none"])).sort(byFeedbackThenEmail)).toEqual(
        [...(await store.listFollowers("f1")), ...(await store.listFollowers("f2"))].sort(byFeedbackThenEmail),
      );
      expect((await store.listFollowersOf(["f1", "f2"])).map((f) => [f.feedbackId, f.email, f.language, f.name]).sort()).toEqual([
        ["f1", "a@x.io", "fr", "Ann"],
        ["f1", "b@x.io", "en", undefined],
        ["f2", "a@x.io", "en", undefined],
      ]);
      expect(await store.listFollowersOf([])).toEqual([]);
    });

    test("a notification is claimed once; an unconfirmed claim is held, then taken over after its lease; a confirmed one is sent, never claimed again", async () => {
      const store = await makeStore();
      expect(await store.claimNotification("f", "a@b.c", "delivered", 1_000, 100)).toBe("claimed");
      expect(await store.claimNotification("f", "a@b.c", "delivered", 1_050, 100)).toBe("held");
      expect(await store.claimNotification("f", "a@b.c", "delivered", 1_200, 100)).toBe("claimed");
      await store.confirmNotification("f", "a@b.c", "delivered", 1_210);
      expect(await store.claimNotification("f", "a@b.c", "delivered", 9_999, 100)).toBe("sent");
      await store.releaseNotification("f", "b@b.c", "delivered");
      expect(await store.claimNotification("f", "b@b.c", "delivered", 1, 100)).toBe("claimed");
      // Only confirmed notifications were sent.
      expect(await store.listNotifications("f")).toEqual([{ email: "a@b.c", key: "delivered", sentAt: 1_210 }]);
    });
  });
}
