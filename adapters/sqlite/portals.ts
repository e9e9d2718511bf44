import type { Database, SQLQueryBindings } from "bun:sqlite";
import type { PortalChanges, PortalRecord, PortalStore } from "../../core/store/portals.ts";
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
  changed_at: number;
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
  changedAt: r.changed_at,
  ssoSecretSealed: r.sso_secret_sealed,
});

/** The columns of the settings given, as stored. */
const columns = (settings: PortalChanges): Record<string, SQLQueryBindings> => ({
  ...(settings.slug !== undefined && { slug: settings.slug }),
  ...(settings.enabled !== undefined && { enabled: settings.enabled ? 1 : 0 }),
  ...(settings.title !== undefined && { title: settings.title }),
  ...(settings.posting !== undefined && { posting: settings.posting }),
  ...(settings.indexing !== undefined && { indexing: settings.indexing ? 1 : 0 }),
  ...(settings.statusLabels !== undefined && { status_labels: JSON.stringify(settings.statusLabels) }),
  ...(settings.brandColor !== undefined && { brand_color: settings.brandColor }),
  ...(settings.signInUrl !== undefined && { sign_in_url: settings.signInUrl }),
  ...(settings.changedAt !== undefined && { changed_at: settings.changedAt }),
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

    savePortal: (changes, defaults) =>
      batch.run(() => {
        const { orgId } = defaults;
        const find = () => db.query<PortalRow, [string]>("SELECT * FROM portals WHERE org_id = ?").get(orgId);
        const stored = find();
        const slug = changes.slug ?? (stored ? undefined : defaults.slug);
        const holder = slug === undefined ? null : db.query<{ org_id: string }, [string]>("SELECT org_id FROM portals WHERE slug = ?").get(slug);
        if (holder && holder.org_id !== orgId) return null;
        // A stored portal has the changed columns alone written: a save of other settings at the same moment stands.
        const written = columns(stored ? changes : { ...defaults, ...changes });
        const names = Object.keys(written);
        if (stored && names.length === 0) return toPortal(stored);
        if (stored)
          db.query(`UPDATE portals SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE org_id = ?`).run(...Object.values(written), orgId);
        else
          db.query(`INSERT INTO portals (org_id, ${names.join(", ")}) VALUES (?${", ?".repeat(names.length)})`).run(orgId, ...Object.values(written));
        return toPortal(find()!);
      }),

    setSsoSecret: (orgId, sealed) =>
      batch.run(() => db.query("UPDATE portals SET sso_secret_sealed = ? WHERE org_id = ?").run(sealed, orgId).changes === 1),
  };
}
