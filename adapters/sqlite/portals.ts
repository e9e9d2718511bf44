import type { Database } from "bun:sqlite";
import type { PortalRecord, PortalStore } from "../../core/store/portals.ts";
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
  sign_in_url: string | null;
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
  signInUrl: r.sign_in_url,
  ssoSecretSealed: r.sso_secret_sealed,
});

/** The organizations' portals, one each, their slugs unique. */
export function portalStore(db: Database, batch: WriteBatch): PortalStore {
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
          `INSERT INTO portals (org_id, slug, enabled, title, posting, indexing, status_labels, brand_color, sign_in_url)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (org_id) DO UPDATE SET slug = excluded.slug, enabled = excluded.enabled, title = excluded.title, posting = excluded.posting,
             indexing = excluded.indexing, status_labels = excluded.status_labels, brand_color = excluded.brand_color,
             sign_in_url = excluded.sign_in_url`,
        ).run(p.orgId, p.slug, p.enabled ? 1 : 0, p.title, p.posting, p.indexing ? 1 : 0, JSON.stringify(p.statusLabels), p.brandColor, p.signInUrl);
        return true;
      }),

    setSsoSecret: (orgId, sealed) =>
      batch.run(() => db.query("UPDATE portals SET sso_secret_sealed = ? WHERE org_id = ?").run(sealed, orgId).changes === 1),
  };
}
