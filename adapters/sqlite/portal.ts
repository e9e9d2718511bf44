import type { Database, SQLQueryBindings } from "bun:sqlite";
import type { PortalSort } from "../../core/schemas/portal.ts";
import type { CommentStore } from "../../core/store/comments.ts";
import type { PortalRecord, PortalStore } from "../../core/store/portals.ts";
import type { Publication, PublicationStore } from "../../core/store/publications.ts";
import { insertEvent } from "./outbox.ts";
import { appNumberOf, FEEDBACK_COLUMNS, type FeedbackRow, orgNumberOf, placeholders, toFeedback } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

interface PortalRow {
  org_id: string;
  slug: string;
  enabled: number;
  title: string;
  posting: PortalRecord["posting"];
  indexing: number;
  status_labels: string;
  brand_color: string | null;
  sso_secret_sealed: string | null;
}

const toPortal = (r: PortalRow): PortalRecord => ({
  orgId: r.org_id,
  enabled: r.enabled === 1,
  slug: r.slug,
  title: r.title,
  posting: r.posting,
  indexing: r.indexing === 1,
  statusLabels: JSON.parse(r.status_labels),
  brandColor: r.brand_color,
  ssoSecretSealed: r.sso_secret_sealed,
});

interface PublicationRow {
  feedback_id: string;
  org_id: string;
  title: string;
  description: string | null;
  published_at: number;
  words: string;
}

const toPublication = (r: PublicationRow): Publication => ({
  feedbackId: r.feedback_id,
  orgId: r.org_id,
  title: r.title,
  description: r.description,
  publishedAt: r.published_at,
  words: r.words,
});

/** The column each public order sorts on, descending; ties by id desc. */
const ORDER_COLUMNS: Readonly<Record<PortalSort, string>> = { top: "f.reports", new: "f.created_at", trending: "f.last_activity_at" };

/** The portal's settings, its published feedbacks, and comments written on their own. */
export function portalStore(db: Database, batch: WriteBatch): PortalStore & PublicationStore & CommentStore {
  return {
    async findPortal(orgId) {
      const row = db.query<PortalRow, [string]>("SELECT * FROM portals WHERE org_id = ?").get(orgId);
      return row ? toPortal(row) : null;
    },

    async findPortalBySlug(slug) {
      const row = db.query<PortalRow, [string]>("SELECT * FROM portals WHERE slug = ?").get(slug);
      return row ? toPortal(row) : null;
    },

    savePortal: (p) =>
      batch.run(() => {
        const taken = db.query<{ org_id: string }, [string]>("SELECT org_id FROM portals WHERE slug = ?").get(p.slug);
        if (taken && taken.org_id !== p.orgId) return false;
        db.query(
          `INSERT INTO portals (org_id, slug, enabled, title, posting, indexing, status_labels, brand_color, sso_secret_sealed)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (org_id) DO UPDATE SET slug = excluded.slug, enabled = excluded.enabled, title = excluded.title, posting = excluded.posting,
             indexing = excluded.indexing, status_labels = excluded.status_labels, brand_color = excluded.brand_color, sso_secret_sealed = excluded.sso_secret_sealed`,
        ).run(p.orgId, p.slug, p.enabled ? 1 : 0, p.title, p.posting, p.indexing ? 1 : 0, JSON.stringify(p.statusLabels), p.brandColor, p.ssoSecretSealed);
        return true;
      }),

    async publish(p) {
      await batch.run(() =>
        db
          .query(
            `INSERT INTO publications (feedback_id, org_id, title, description, published_at, words) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (feedback_id) DO UPDATE SET title = excluded.title, description = excluded.description, words = excluded.words`,
          )
          .run(p.feedbackId, p.orgId, p.title, p.description, p.publishedAt, p.words),
      );
    },

    unpublish: (orgId, feedbackId) =>
      batch.run(() => db.query("DELETE FROM publications WHERE org_id = ? AND feedback_id = ?").run(orgId, feedbackId).changes === 1),

    async findPublications(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const rows = db
        .query<PublicationRow, string[]>(`SELECT * FROM publications WHERE feedback_id IN (${placeholders(feedbackIds.length)})`)
        .all(...feedbackIds);
      return new Map(rows.map((r) => [r.feedback_id, toPublication(r)]));
    },

    async listPublished(orgId, filter, after, limit, order) {
      const on = ORDER_COLUMNS[order];
      const where = ["p.org_id = ?", `f.org_number = ${orgNumberOf("?")}`, "f.merged_into IS NULL", `f.status IN (${placeholders(filter.statuses.length)})`];
      const params: SQLQueryBindings[] = [orgId, orgId, ...filter.statuses];
      if (filter.kind) {
        where.push("f.kind = ?");
        params.push(filter.kind);
      }
      if (filter.appId) {
        where.push(`f.app_number = ${appNumberOf("?")}`);
        params.push(filter.appId);
      }
      for (const word of filter.words ?? []) {
        where.push("instr(' ' || p.words, ?) > 0");
        params.push(` ${word}`);
      }
      if (after) {
        where.push(`(${on}, f.id) < (?, ?)`);
        params.push(after.value, after.id);
      }
      const rows = db
        .query<FeedbackRow & { p_title: string; p_description: string | null; p_published_at: number; p_words: string }, SQLQueryBindings[]>(
          `SELECT ${FEEDBACK_COLUMNS}, p.title AS p_title, p.description AS p_description, p.published_at AS p_published_at, p.words AS p_words
           FROM publications p JOIN feedbacks f ON f.id = p.feedback_id
           WHERE ${where.join(" AND ")} ORDER BY ${on} DESC, f.id DESC LIMIT ?`,
        )
        .all(...params, limit);
      return rows.map((r) => ({
        feedback: toFeedback(r),
        publication: { feedbackId: r.id, orgId, title: r.p_title, description: r.p_description, publishedAt: r.p_published_at, words: r.p_words },
      }));
    },

    async addComment(c, status, events) {
      await batch.run(() => {
        db.query("INSERT INTO comments (id, feedback_id, user_id, text, status_from, status_to, at, visibility) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
          c.id,
          c.feedbackId,
          c.userId,
          c.text,
          status,
          status,
          c.at,
          c.visibility,
        );
        for (const event of events) insertEvent(db, event);
      });
    },

    async findComment(commentId) {
      const row = db
        .query<
          { id: string; feedback_id: string; org_id: string; user_id: string; text: string; visibility: "internal" | "public"; at: number },
          [string]
        >(`SELECT c.id, c.feedback_id, ${"(SELECT o.id FROM organizations o WHERE o.number = f.org_number)"} AS org_id, c.user_id, c.text, c.visibility, c.at
           FROM comments c JOIN feedbacks f ON f.id = c.feedback_id WHERE c.id = ?`)
        .get(commentId);
      return row
        ? { id: row.id, orgId: row.org_id, feedbackId: row.feedback_id, userId: row.user_id, text: row.text, visibility: row.visibility, at: row.at }
        : null;
    },
  };
}
