import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { ExpandedWord } from "../../core/feedback/search-words.ts";
import { listsFrom } from "../../core/feedback/list-reads.ts";
import { STATUSES } from "../../core/schemas/feedback.ts";
import type { FeedbackFilter } from "../../core/store/feedbacks.ts";
import { dueTime } from "../../core/triage/due-date.ts";
import { feedbackRecord } from "./fake-feedbacks.ts";

const soon = feedbackRecord({ id: "fb-1", dueAt: dueTime("2026-12-15")! });
const recent = feedbackRecord({ id: "fb-2", lastActivityAt: 2_000 });
const searched: FeedbackFilter = { statuses: STATUSES, words: ["printer"] };

/**
 * A store's reads that give `soon` as the due run and `recent` in every other order, and note what
 * they were asked: its vocabulary holds `held` (a search word's lookup noted as its expansion).
 */
function store(held: readonly string[]) {
  const asked: string[] = [];
  const lists = listsFrom({
    vocabulary: {
      startingWith: (word, limit) => {
        asked.push("expand");
        return held.filter((w) => w.startsWith(word)).slice(0, limit);
      },
      holding: (words) => held.filter((w) => words.includes(w)),
    },
    read: (_orgId, _filter, words, _from, _limit, order, back) => {
      asked.push(`read ${order}${back ? " back" : ""} ${JSON.stringify(words)}`);
      return [recent];
    },
    dated: (_orgId, _filter, words, _from, _limit, back) => {
      asked.push(`dated${back ? " back" : ""} ${JSON.stringify(words)}`);
      return [soon];
    },
  });
  return { lists, asked };
}

describe("a store's lists from its reads", () => {
  const words: ExpandedWord[] = [[{ words: ["printer", "printers"] }]];
  const expanded = JSON.stringify(words);

  test("a page of the due order expands a search's words once, and both its runs read them", async () => {
    const { lists, asked } = store(["printer", "printers"]);
    assert.deepEqual(await lists.listFeedbacks("org", searched, null, 5, "due"), [soon, recent]);
    assert.deepEqual(asked, ["expand", `dated ${expanded}`, `read activity ${expanded}`]);
  });

  test("every other order is one read, forward or back", async () => {
    const { lists, asked } = store(["printer", "printers"]);
    await lists.listFeedbacks("org", searched, null, 5, "votes");
    await lists.listFeedbacksUpTo("org", searched, { value: 1, id: "fb-9" }, 5);
    assert.deepEqual(asked, ["expand", `read votes ${expanded}`, "expand", `read activity back ${expanded}`]);
  });

  test("a search no word of the store can meet reads nothing", async () => {
    const { lists, asked } = store([]);
    assert.deepEqual(await lists.listFeedbacks("org", searched, null, 5, "due"), []);
    assert.deepEqual(await lists.listFeedbacksUpTo("org", searched, { value: 1, id: "fb-9" }, 5), []);
    assert.deepEqual(asked, ["expand", "expand"]);
  });
});
