import type { Filter } from "mongodb";
import type { PortalSort } from "../../core/schemas/portal.ts";
import type { CommentStore } from "../../core/store/comments.ts";
import type { FeedbackFilter, ListPosition } from "../../core/store/feedbacks.ts";
import type { PortalRecord, PortalStore } from "../../core/store/portals.ts";
import type { Publication, PublicationStore } from "../../core/store/publications.ts";
import { type Database, type Document, isDuplicateKey, plain } from "./database.ts";
import { NOT_MERGED, toFeedback } from "./feedbacks.ts";
import { insertEvent } from "./outbox.ts";

/** The field each public order sorts on, descending; ties by _id desc. */
const ORDER_FIELDS: Readonly<Record<PortalSort, string>> = { top: "reports", new: "createdAt", trending: "lastActivityAt" };

const toPortal = (d: Document): PortalRecord => ({
  orgId: d._id,
  enabled: d.enabled,
  slug: d.slug,
  title: d.title,
  posting: d.posting,
  indexing: d.indexing,
  statusLabels: d.statusLabels ?? {},
  brandColor: d.brandColor ?? null,
  ssoSecretSealed: d.ssoSecretSealed ?? null,
});

const toPublication = (d: Document): Publication => ({
  feedbackId: d._id,
  orgId: d.orgId,
  title: d.title,
  description: d.description ?? null,
  publishedAt: d.publishedAt,
  words: d.words,
});

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The part of an inbox list filter that reads beyond the feedback documents: published on the
 * portal, or holding a report from a source. Null when neither is asked.
 */
export async function feedbackIdsFilter(data: Database, orgId: string, filter: Pick<FeedbackFilter, "published" | "source">): Promise<Filter<Document> | null> {
  if (filter.published === undefined && filter.source === undefined) return null;
  const published =
    filter.published === undefined
      ? null
      : new Set((await data.collection("publications").find({ orgId }, { projection: { _id: 1 } }).toArray()).map((p) => p._id));
  if (filter.source === undefined) return { _id: filter.published ? { $in: [...published!] } : { $nin: [...published!] } };
  const reports = await data.collection("reports").find({ orgId, source: filter.source }, { projection: { feedbackId: 1 } }).toArray();
  const ids = [...new Set(reports.map((r) => r.feedbackId as string))].filter((id) => published === null || published.has(id) === filter.published);
  return { _id: { $in: ids } };
}

/** The portal's settings, its published feedbacks, and comments written on their own. */
export function portalStore(data: Database): PortalStore & PublicationStore & CommentStore {
  const portals = () => data.collection("portals");
  const publications = () => data.collection("publications");
  return {
    async findPortal(orgId) {
      const found = await portals().findOne({ _id: orgId });
      return found ? toPortal(found) : null;
    },

    async findPortalBySlug(slug) {
      const found = await portals().findOne({ slug });
      return found ? toPortal(found) : null;
    },

    async savePortal(p) {
      const taken = await portals().findOne({ slug: p.slug });
      if (taken && taken._id !== p.orgId) return false;
      const { orgId, ...fields } = p;
      try {
        await portals().replaceOne({ _id: orgId }, fields, { upsert: true });
        return true;
      } catch (error) {
        // The unique index on slug: another organization took it since the read.
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },

    async publish(p) {
      const { feedbackId, ...fields } = p;
      await publications().updateOne(
        { _id: feedbackId },
        { $set: { orgId: fields.orgId, title: fields.title, description: fields.description, words: fields.words }, $setOnInsert: { publishedAt: fields.publishedAt } },
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
      const words = (filter.words ?? []).map((w) => ({ words: { $regex: `(^| )${escapeRegExp(w)}` } }));
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
          ...(after && afterPosition(on, after)),
        })
        .sort({ [on]: -1, _id: -1 })
        .limit(limit)
        .toArray();
      return found.map((d) => ({ feedback: toFeedback(d), publication: byId.get(d._id)! }));
    },

    async addComment(c, status, events) {
      await data.transaction(async (session) => {
        await data
          .collection("comments")
          .insertOne(
            { _id: c.id, feedbackId: c.feedbackId, orgId: c.orgId, userId: c.userId, text: c.text, statusFrom: status, statusTo: status, at: c.at, visibility: c.visibility },
            { session },
          );
        for (const event of events) await insertEvent(data, event, session);
      });
    },

    async findComment(commentId) {
      const found = await data.collection("comments").findOne({ _id: commentId });
      if (!found) return null;
      const feedback = found.orgId ? null : await data.collection("feedbacks").findOne({ _id: found.feedbackId }, { projection: { orgId: 1 } });
      const c = plain<{ feedbackId: string; orgId?: string; userId: string; text: string; at: number; visibility?: "internal" | "public" }>(found);
      return {
        id: found._id,
        orgId: c.orgId ?? feedback?.orgId,
        feedbackId: c.feedbackId,
        userId: c.userId,
        text: c.text,
        visibility: c.visibility ?? "internal",
        at: c.at,
      };
    },
  };
}

/** The rows strictly after a keyset position, in an order on `on` desc, _id desc. */
const afterPosition = (on: string, after: ListPosition): Filter<Document> => ({
  [on]: { $lte: after.value },
  $or: [{ [on]: { $lt: after.value } }, { _id: { $lt: after.id } }],
});
