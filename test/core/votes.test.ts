import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { DomainEvent } from "../../core/feedback/events.ts";
import type { FeedbackRecord, Follower } from "../../core/model.ts";
import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import type { CastOutcome } from "../../core/store/votes.ts";
import { castVote } from "../../core/votes/cast-vote.ts";
import { listVoters } from "../../core/votes/list-voters.ts";
import { relayVote } from "../../core/votes/relay-vote.ts";
import type { VoteRecord } from "../../core/votes/vote.ts";
import { VOTES_PER_ADDRESS_PER_MINUTE, VOTES_PER_EMAIL_PER_MINUTE } from "../../core/votes/vote-budget.ts";
import { withdrawVote } from "../../core/votes/withdraw-vote.ts";
import { withdrawRelayedVote } from "../../core/votes/withdraw-relayed-vote.ts";
import { fakeFeedbacks, feedbackRecord } from "./fake-feedbacks.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };
const ana = { orgId: "org", email: "ana@x.io", name: "Ana", language: "en" as const };

/** Feedbacks, votes and rate counters in memory; `changeUnder` makes the next cast find its feedback changed. */
function fakeVotes(...records: FeedbackRecord[]) {
  const fake = fakeFeedbacks(...records);
  const votes: VoteRecord[] = [];
  const followers: Follower[] = [];
  const events: DomainEvent[] = [];
  const counters = new Map<string, number>();
  let changes = 0;
  const store = {
    ...fake.deps.store,
    async castVote(orgId: string, vote: VoteRecord, status: Status, follower: Follower, sent: readonly DomainEvent[]): Promise<CastOutcome> {
      const feedback = fake.feedbacks.get(vote.feedbackId);
      if (changes > 0) {
        changes--;
        return "changed";
      }
      if (!feedback || feedback.orgId !== orgId || feedback.status !== status || feedback.mergedInto) return "changed";
      if (votes.some((v) => v.feedbackId === vote.feedbackId && v.email === vote.email)) return "held";
      votes.push(vote);
      followers.push(follower);
      events.push(...sent);
      return "cast";
    },
    async withdrawVote(_orgId: string, feedbackId: string, email: string) {
      const at = votes.findIndex((v) => v.feedbackId === feedbackId && v.email === email);
      if (at < 0) return false;
      votes.splice(at, 1);
      return true;
    },
    listVoters: async (_orgId: string, feedbackId: string) => votes.filter((v) => v.feedbackId === feedbackId),
    async hitRateLimit(bucket: string) {
      counters.set(bucket, (counters.get(bucket) ?? 0) + 1);
      return counters.get(bucket)!;
    },
    rateCount: async (bucket: string) => counters.get(bucket) ?? 0,
    // An ended window's count, as a limiter may ask for it: the same counter here.
    endedCount: async (bucket: string) => counters.get(bucket) ?? 0,
  };
  return {
    ...fake,
    votes,
    followers,
    events,
    changeUnder: () => changes++,
    deps: { ...fake.deps, store },
  };
}

describe("castVote", () => {
  test("only open statuses take votes (triage, prioritized, in_development, fixed); delivered and dismissed refuse with cannot_vote", async () => {
    for (const status of STATUSES) {
      const fake = fakeVotes(feedbackRecord({ status }));
      const cast = await castVote(fake.deps, ana, "ACME-1", null);
      const open = !["delivered", "dismissed"].includes(status);
      assert.deepEqual([status, cast.ok ? "ok" : cast.code], [status, open ? "ok" : "cannot_vote"]);
    }
  });

  test("a vote is counted once per person, makes them a follower and sends feedback.voted; again, it is held", async () => {
    const fake = fakeVotes(feedbackRecord());
    const first = await castVote(fake.deps, ana, "ACME-1", "192.0.2.1");
    const second = await castVote(fake.deps, ana, "ACME-1", "192.0.2.1");
    assert.deepEqual(
      [first.ok && first.value, second.ok && second.value],
      [
        { feedbackKey: "ACME-1", counted: true },
        { feedbackKey: "ACME-1", counted: false },
      ],
    );
    assert.deepEqual(fake.votes, [{ feedbackId: "fb-1", email: "ana@x.io", name: "Ana", at: NOW }]);
    assert.deepEqual(fake.followers, [{ feedbackId: "fb-1", email: "ana@x.io", name: "Ana", language: "en" }]);
    assert.deepEqual(
      fake.events.map((e) => [e.type, e.feedbackId, e.createdAt]),
      [["feedback.voted", "fb-1", NOW]],
    );
  });

  test("a merged key votes for the feedback that answers for it", async () => {
    const fake = fakeVotes(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2", mergedInto: "fb-1" }));
    const cast = await castVote(fake.deps, ana, "ACME-2", null);
    assert.equal(cast.ok && cast.value.feedbackKey, "ACME-1");
    assert.deepEqual(
      fake.votes.map((v) => v.feedbackId),
      ["fb-1"],
    );
  });

  test("a feedback that changed under the vote is read again, and the vote lands once", async () => {
    const fake = fakeVotes(feedbackRecord());
    fake.changeUnder();
    const cast = await castVote(fake.deps, ana, "ACME-1", null);
    assert.equal(cast.ok && cast.value.counted, true);
    assert.equal(fake.votes.length, 1);
  });

  test("the feedback its caller has just resolved is voted for without being read again; changed under the vote, the key is resolved anew", async () => {
    const holder = feedbackRecord();
    const fake = fakeVotes(holder, feedbackRecord({ id: "fb-2", key: "ACME-2", mergedInto: "fb-1" }));
    const reads: string[] = [];
    const deps = {
      ...fake.deps,
      store: {
        ...fake.deps.store,
        findFeedback: (orgId: string, keyOrId: string) => {
          reads.push(keyOrId);
          return fake.deps.store.findFeedback(orgId, keyOrId);
        },
      },
    };
    const cast = await castVote(deps, ana, "fb-2", null, holder);
    assert.deepEqual([cast.ok && cast.value, reads], [{ feedbackKey: "ACME-1", counted: true }, []]);
    fake.changeUnder();
    const again = await castVote(deps, { ...ana, email: "bo@x.io" }, "fb-2", null, holder);
    assert.deepEqual([again.ok && again.value, reads], [{ feedbackKey: "ACME-1", counted: true }, ["fb-2", "fb-1"]]);
  });

  test("an unknown key is not_found", async () => {
    const cast = await castVote(fakeVotes(feedbackRecord()).deps, ana, "ACME-9", null);
    assert.equal(!cast.ok && cast.code, "not_found");
  });

  test(`a person casts at most ${VOTES_PER_EMAIL_PER_MINUTE} votes a minute, an address ${VOTES_PER_ADDRESS_PER_MINUTE}: then rate_limited with the seconds to wait`, async () => {
    const fake = fakeVotes(feedbackRecord());
    for (let i = 0; i < VOTES_PER_EMAIL_PER_MINUTE; i++) assert.equal((await castVote(fake.deps, ana, "ACME-1", null)).ok, true);
    const refused = await castVote(fake.deps, ana, "ACME-1", null);
    assert.deepEqual(!refused.ok && [refused.code, (refused.retryAfter ?? 0) > 0], ["rate_limited", true]);
    const crowd = fakeVotes(feedbackRecord());
    for (let i = 0; i < VOTES_PER_ADDRESS_PER_MINUTE; i++) {
      assert.equal((await castVote(crowd.deps, { ...ana, email: `p${i}@x.io` }, "ACME-1", "203.0.113.9")).ok, true);
    }
    const shared = await castVote(crowd.deps, { ...ana, email: "last@x.io" }, "ACME-1", "203.0.113.9");
    assert.equal(!shared.ok && shared.code, "rate_limited");
    assert.equal((await castVote(crowd.deps, { ...ana, email: "last@x.io" }, "ACME-1", "203.0.113.10")).ok, true);
  });
});

describe("relayVote, withdrawals and voters", () => {
  test("a member relays a vote with the address normalized; a Reader is forbidden", async () => {
    const fake = fakeVotes(feedbackRecord());
    const relayed = await relayVote(fake.deps, member, "ACME-1", { email: " Bo@X.io", name: " Bo ", language: "en" });
    assert.deepEqual(relayed.ok && [relayed.value.counted, relayed.value.feedback.key], [true, "ACME-1"]);
    assert.deepEqual(fake.votes, [{ feedbackId: "fb-1", email: "bo@x.io", name: "Bo", at: NOW }]);
    const refused = await relayVote(fake.deps, reader, "ACME-1", { email: "cy@x.io", language: "en" });
    assert.equal(!refused.ok && refused.code, "forbidden");
  });

  test("the person whose vote a member relays follows in the language it was relayed in, as an invitation goes out in its request's", async () => {
    const fake = fakeVotes(feedbackRecord());
    await relayVote(fake.deps, member, "ACME-1", { email: "kim@x.fr", language: "fr" });
    assert.deepEqual(
      fake.followers.map((f) => [f.email, f.language]),
      [["kim@x.fr", "fr"]],
    );
  });

  test("a person withdraws their vote whatever the status; the team withdraws one on their behalf, a Reader may not", async () => {
    const fake = fakeVotes(feedbackRecord());
    await castVote(fake.deps, ana, "ACME-1", null);
    fake.feedbacks.set("fb-1", { ...fake.feedbacks.get("fb-1")!, status: "delivered" });
    const withdrawn = await withdrawVote(fake.deps, ana, "ACME-1");
    assert.deepEqual(withdrawn.ok && withdrawn.value, { withdrawn: true });
    assert.deepEqual(fake.votes, []);
    const refused = await withdrawRelayedVote(fake.deps, reader, "ACME-1", "ana@x.io");
    assert.equal(!refused.ok && refused.code, "forbidden");
    const none = await withdrawRelayedVote(fake.deps, member, "ACME-1", "ANA@x.io");
    assert.deepEqual(none.ok && none.value, { withdrawn: false });
  });

  test("the voters are listed for anyone who reads feedbacks, with the time of their vote", async () => {
    const fake = fakeVotes(feedbackRecord());
    await castVote(fake.deps, ana, "ACME-1", null);
    const listed = await listVoters(fake.deps, reader, "ACME-1");
    assert.deepEqual(listed.ok && listed.value, { data: [{ email: "ana@x.io", name: "Ana", votedAt: new Date(NOW).toISOString() }] });
    const unknown = await listVoters(fake.deps, reader, "ACME-9");
    assert.equal(!unknown.ok && unknown.code, "not_found");
  });
});
