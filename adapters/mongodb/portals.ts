import type { PortalRecord, PortalSettings, PortalStore } from "../../core/store/portals.ts";
import { type Database, type Document, isDuplicateKey } from "./database.ts";

const toPortal = (d: Document): PortalRecord => ({
  orgId: d._id,
  enabled: d.enabled,
  slug: d.slug,
  title: d.title,
  posting: d.posting,
  indexing: d.indexing,
  statusLabels: d.statusLabels ?? {},
  brandColor: d.brandColor ?? null,
  // Portals stored before the sign-in address existed have none.
  signInUrl: d.signInUrl ?? null,
  ssoSecretSealed: d.ssoSecretSealed ?? null,
});

/** The organizations' portals, one each, their slugs unique (a unique index). */
export function portalStore(data: Database): PortalStore {
  const portals = () => data.collection("portals");
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
      // The SSO secret has a write of its own: a settings save neither writes nor erases it.
      const { orgId, ssoSecretSealed: _, ...fields } = p as PortalSettings & { ssoSecretSealed?: unknown };
      try {
        await portals().updateOne({ _id: orgId }, { $set: fields, $setOnInsert: { ssoSecretSealed: null } }, { upsert: true });
        return true;
      } catch (error) {
        // The unique index on slug: another organization took it since the read.
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },

    async setSsoSecret(orgId, sealed) {
      return (await portals().updateOne({ _id: orgId }, { $set: { ssoSecretSealed: sealed } })).matchedCount === 1;
    },
  };
}
