import type { Filter } from "mongodb";
import type { PortalSort } from "../../core/schemas/portal.ts";
import type { ListPosition } from "../../core/store/feedbacks.ts";
import type { Publication, PublicationStore } from "../../core/store/publications.ts";
import type { Database, Document } from "./database.ts";
import { NOT_MERGED, toFeedback } from "./feedbacks.ts";
import { topRankParts } from "../../core/portal/top-rank.ts";
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
 * The part of an inbox list filter that reads beyond the feedback documents: published on the
 * portal, or not. Null when it is not asked.
 */
export async function publishedFilter(data: Database, orgId: string, published: boolean | undefined): Promise<Filter<Document> | null> {
  if (published === undefined) return null;
  const ids = (
    await data
      .collection("publications")
      .find({ orgId }, { projection: { _id: 1 } })
      .toArray()
  ).map((p) => p._id);
  return { _id: published ? { $in: ids } : { $nin: ids } };
}

/** The feedbacks published on the portal, and the public lists of them. */
export function publicationStore(data: Database): PublicationStore {
  const publications = () => data.collection("publications");
  return {
    async publish(p) {
      const { feedbackId, ...fields } = p;
      await publications().updateOne(
        { _id: feedbackId },
        {
          $set: { orgId: fields.orgId, title: fields.title, description: fields.description, words: storedWords(fields.words) },
          $setOnInsert: { publishedAt: fields.publishedAt },
        },
        { upsert: true },
      );
    },

    async unpublish(orgId, feedbackId) {
      return (await publications().deleteOne({ _id: feedbackId, orgId })).deletedCount === 1;
    },

    async findPublications(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const found = await publications()
        .find({ _id: { $in: [...feedbackIds] } })
        .toArray();
      return new Map(found.map((d) => [d._id, toPublication(d)]));
    },

    async listPublished(orgId, filter, after, limit, order) {
      const words = (filter.words ?? []).map(metBy);
      const published = await publications()
        .find({ orgId, ...(words.length > 0 && { $and: words }) })
        .toArray();
      const byId = new Map(published.map((d) => [d._id, toPublication(d)]));
      const on = ORDER_FIELDS[order];
      const found = await data
        .collection("feedbacks")
        .find({
          orgId,
          ...NOT_MERGED,
          _id: { $in: [...byId.keys()] },
          status: { $in: [...filter.statuses] },
          ...(filter.kind && { kind: filter.kind }),
          ...(filter.appId && { appId: filter.appId }),
          ...(after && afterPosition(order, after)),
        })
        .sort({ ...Object.fromEntries(on.map((f) => [f, -1])), _id: -1 })
        .limit(limit)
        .toArray();
      return found.map((d) => ({ feedback: toFeedback(d), publication: byId.get(d._id)! }));
    },
  };
}

/** The rows strictly after a keyset position, in the order's fields desc, then _id desc (`top`'s value is a rank of votes and reports). */
function afterPosition(order: PortalSort, after: ListPosition): Filter<Document> {
  if (order !== "top") {
    const [on] = ORDER_FIELDS[order];
    return { [on!]: { $lte: after.value }, $or: [{ [on!]: { $lt: after.value } }, { _id: { $lt: after.id } }] };
  }
  const { votes, reports } = topRankParts(after.value);
  return { $or: [{ votes: { $lt: votes } }, { votes, reports: { $lt: reports } }, { votes, reports, _id: { $lt: after.id } }] };
}
