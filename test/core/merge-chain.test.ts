import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { type ChainLink, followMerges, readMerges } from "../../core/merges/merge-chain.ts";

const link = (id: string, mergedInto?: string): ChainLink => ({ id, ...(mergedInto && { mergedInto }) });
const knownAs = (...links: ReadonlyArray<ChainLink | readonly [string, null]>) =>
  new Map<string, ChainLink | null>(links.map((l) => ("id" in l ? [l.id, l] : [l[0], null])));
/** A chain of `merges` merges, f-0 into f-1 … into f-{merges}, each read. */
const chainOf = (merges: number) => knownAs(...Array.from({ length: merges + 1 }, (_, i) => link(`f-${i}`, i < merges ? `f-${i + 1}` : undefined)));

describe("following a feedback's merges", () => {
  test("a feedback merged into none holds itself", () => {
    assert.deepEqual(followMerges("a", knownAs(link("a"))), { holder: link("a") });
  });

  test("A merged into B, B into C: C holds A", () => {
    assert.deepEqual(followMerges("a", knownAs(link("a", "b"), link("b", "c"), link("c"))), { holder: link("c") });
  });

  test("the first feedback along the merges not read yet is the one to read next", () => {
    assert.deepEqual(followMerges("a", knownAs(link("a", "b"), link("b", "c"))), { unread: "c" });
    assert.deepEqual(followMerges("z", knownAs(link("a"))), { unread: "z" });
  });

  test("merges that lead to a feedback found missing hold it nowhere", () => {
    assert.deepEqual(followMerges("a", knownAs(link("a", "b"), ["b", null])), {});
  });

  test("a corrupted cycle of merges holds it nowhere", () => {
    assert.deepEqual(followMerges("a", knownAs(link("a", "b"), link("b", "a"))), {});
  });

  test("a chain of 16 merges ends; one of 17 is taken for a corrupted one", () => {
    assert.deepEqual(followMerges("f-0", chainOf(16)).holder?.id, "f-16");
    assert.deepEqual(followMerges("f-0", chainOf(17)), {});
  });
});

describe("reading a feedback's merges", () => {
  /** The feedbacks a store holds, and each read it answers: the ids asked for. */
  const store = (...links: ChainLink[]) => {
    const reads: string[][] = [];
    const read = async (ids: string[]) => {
      reads.push(ids);
      return links.filter((l) => ids.includes(l.id));
    };
    return { reads, read };
  };

  test("one read per step along the merges, for all the feedbacks at once, each asked once", async () => {
    const { reads, read } = store(link("a", "b"), link("b", "c"), link("c"), link("d", "c"), link("e"));
    const known = knownAs();
    await readMerges(["a", "d", "e", "a"], known, read);
    assert.deepEqual(reads, [
      ["a", "d", "e"],
      ["b", "c"],
    ]);
    assert.deepEqual(
      ["a", "d", "e"].map((id) => followMerges(id, known).holder?.id),
      ["c", "c", "e"],
    );
  });

  test("a feedback not found is known as missing, and not asked for again", async () => {
    const { reads, read } = store(link("a", "gone"));
    const known = knownAs();
    await readMerges(["a", "b"], known, read);
    assert.deepEqual(reads, [["a", "b"], ["gone"]]);
    assert.equal(known.get("gone"), null);
    assert.equal(known.get("b"), null);
  });

  test("a corrupted cycle is read once round, then left", async () => {
    const { reads, read } = store(link("a", "b"), link("b", "a"));
    await readMerges(["a"], knownAs(), read);
    assert.deepEqual(reads, [["a"], ["b"]]);
  });

  test("what is known already is not read again", async () => {
    const { reads, read } = store(link("a", "b"), link("b"));
    await readMerges(["a"], knownAs(link("a", "b")), read);
    assert.deepEqual(reads, [["b"]]);
  });
});
