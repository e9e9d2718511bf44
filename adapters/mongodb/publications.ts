import type { ClientSession, Filter } from "mongodb";
import type { PortalSort } from "../../core/schemas/portal.ts";
import type { ListPosition } from "../../core/store/feedbacks.ts";
import type { Publication, PublicationStore, PublishedFeedback } from "../../core/store/publications.ts";
import type { Database, Document } from "./database.ts";
import { NOT_MERGED, toFeedback } from "./feedbacks.ts";
import { topRank, topRankParts } from "../../core/portal/top-rank.ts";
import { type SearchWord, waysOf } from "../../core/feedback/search-words.ts";

/** The fields each public order sorts on, descending; ties by _id desc. */
const ORDER_FIELDS: Readonly<Record<PortalSort, readonly string[]>> = {
  top: ["votes", "reports"],
  new: ["createdAt"],
  trending: ["lastActivityAt"],
};

const toPublication = (d: Document): Publication => ({
  feedbackId: d._id,
  orgId: d.orgId,
  title: d.title,
  description: d.description ?? null,
  publishedAt: d.publishedAt,
  words: d.words.join(" "),
});

/**
 * A publication's words as its document keeps them: one element each, in an index by organization
 * and word (indexes.ts), so that a search reads the publications a word is in, not every one of the
 * organization's.
 */
export const storedWords = (words: string): string[] => words.split(" ").filter((word) => word !== "");

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The publications that meet a search word: one of their words starts with a prefix, or is one of the whole words. */
const metBy = (word: SearchWord): Filter<Document> => ({
  $or: waysOf(word).map((way) => ({ words: "prefix" in way ? { $regex: `^${escapeRegExp(way.prefix)}` } : { $in: [...way.words] } })),
});

/**
 * Under this many publications meeting every word of a search, a page is read from their ids; at
 * this many or more, from the board's order, each feedback's publication tested until the page is
 * full, which words this common fill soon. The ids of the few travel in the query (tens of kilobytes
 * at most), never those of every publication.
 */
const FEW_PUBLICATIONS = 1_000;
/** Feedbacks read at a time walking the board's order for a search of common words. */
const WALK = 200;

/**
 * Marks these feedbacks published where their publication is stored: for the publications of
 * earlier versions and those a copy writes, whose feedbacks do not say it yet.
 */
export async function markPublished(data: Database, feedbackIds: readonly string[], session?: ClientSession): Promise<void> {
  const options = session ? { session } : {};
  const found = await data
    .collection("publications")
    .find({ _id: { $in: [...feedbackIds] } }, { projection: { _id: 1 }, ...options })
    .toArray();
  if (found.length === 0) return;
  await data.collection("feedbacks").updateMany({ _id: { $in: found.map((p) => p._id) } }, { $set: { published: true } }, options);
}

/**
 * The feedbacks published on the portal, and the public lists of them. A published feedback's own
 * document says so (`published`), written with its publication in one transaction, so a page of
 * the board is read from the feedbacks' index of its order and only that page's publications are
 * read: the cost follows the page, not the feedbacks published.
 */
export function publicationStore(data: Database): PublicationStore {
  const publications = () => data.collection("publications");
  const feedbacks = () => data.collection("feedbacks");

  /** A page of published feedbacks in the board's order, each publication meeting `words` (none: every one). */
  const walk = async (match: Filter<Document>, order: PortalSort, words: Filter<Document>[], limit: number): Promise<PublishedFeedback[]> => {
    const page: PublishedFeedback[] = [];
    for (let from = match; page.length < limit; ) {
      const step = words.length > 0 ? Math.max(limit, WALK) : limit - page.length;
      const found = await feedbacks().find(from).sort(sortOf(order)).limit(step).toArray();
      const held = await publications()
        .find({ _id: { $in: found.map((d) => d._id) }, ...(words.length > 0 && { $and: words }) })
        .toArray();
      const byId = new Map(held.map((d) => [d._id, toPublication(d)]));
      for (const d of found) if (byId.has(d._id)) page.push({ feedback: toFeedback(d), publication: byId.get(d._id)! });
      const last = found.at(-1);
      if (found.length < step || !last) break;
      from = { $and: [match, afterPosition(order, { value: positionOf(order, last), id: last._id })] };
    }
    return page.slice(0, limit);
  };

  return {
    async publish(p) {
      const { feedbackId, ...fields } = p;
      await data.transaction(async (session) => {
        await publications().updateOne(
          { _id: feedbackId },
          {
            $set: { orgId: fields.orgId, title: fields.title, description: fields.description, words: storedWords(fields.words) },
            $setOnInsert: { publishedAt: fields.publishedAt },
          },
          { upsert: true, session },
        );
        await feedbacks().updateOne({ _id: feedbackId, orgId: fields.orgId }, { $set: { published: true } }, { session });
      });
    },

    unpublish: (orgId, feedbackId) =>
      data.transaction(async (session) => {
        if ((await publications().deleteOne({ _id: feedbackId, orgId }, { session })).deletedCount !== 1) return false;
        await feedbacks().updateOne({ _id: feedbackId, orgId }, { $unset: { published: "" } }, { session });
        return true;
      }),

    async findPublications(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const found = await publications()
        .find({ _id: { $in: [...feedbackIds] } })
        .toArray();
      return new Map(found.map((d) => [d._id, toPublication(d)]));
    },

    /**
     * A search reads first the ids of the publications meeting all its words, up to FEW_PUBLICATIONS
     * (the `{orgId, words}` index): fewer, and the page is read among them; that many, and the board's
     * order is walked instead, the words tested on each step's publications.
     */
    async listPublished(orgId, filter, after, limit, order) {
      const words = (filter.words ?? []).map(metBy);
      const match: Filter<Document> = {
        orgId,
        published: true,
        ...NOT_MERGED,
        status: { $in: [...filter.statuses] },
        ...(filter.kind && { kind: filter.kind }),
        ...(filter.appId && { appId: filter.appId }),
        ...(after && afterPosition(order, after)),
      };
      if (words.length === 0) return walk(match, order, [], limit);
      const meeting = await publications()
        .find({ orgId, $and: words }, { projection: { _id: 1 } })
        .limit(FEW_PUBLICATIONS)
        .toArray();
      if (meeting.length === FEW_PUBLICATIONS) return walk(match, order, words, limit);
      return walk({ ...match, _id: { $in: meeting.map((p) => p._id) } }, order, [], limit);
    },
  };
}

/** The board's sort: the order's fields desc, ties by _id desc. */
const sortOf = (order: PortalSort): Record<string, -1> => ({ ...Object.fromEntries(ORDER_FIELDS[order].map((f) => [f, -1])), _id: -1 });

/** A feedback's place in an order, as a list position's value (`top`: a rank of votes and reports). */
const positionOf = (order: PortalSort, d: Document): number => (order === "top" ? topRank(toFeedback(d)) : d[ORDER_FIELDS[order][0]!]);

/** The rows strictly after a keyset position, in the order's fields desc, then _id desc (`top`'s value is a rank of votes and reports). */
function afterPosition(order: PortalSort, after: ListPosition): Filter<Document> {
  if (order !== "top") {
    const [on] = ORDER_FIELDS[order];
    return { [on!]: { $lte: after.value }, $or: [{ [on!]: { $lt: after.value } }, { _id: { $lt: after.id } }] };
  }
  const { votes, reports } = topRankParts(after.value);
  return { $or: [{ votes: { $lt: votes } }, { votes, reports: { $lt: reports } }, { votes, reports, _id: { $lt: after.id } }] };
}
