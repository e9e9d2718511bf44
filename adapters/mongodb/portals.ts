import type { PortalRecord, PortalStore } from "../../core/store/portals.ts";
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
  changedAt: d.changedAt,
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

    async savePortal(changes, defaults) {
      const { orgId, ...settings } = defaults;
      if (changes.slug !== undefined) {
        const holder = await portals().findOne({ slug: changes.slug });
        if (holder && holder._id !== orgId) return null;
      }
      // The changed fields alone are set: a save of other settings at the same moment stands. The
      // defaults are a new portal's only; the SSO secret has a write of its own.
      const unchanged = Object.fromEntries(Object.entries(settings).filter(([field]) => !(field in changes)));
      try {
        const saved = await portals().findOneAndUpdate(
          { _id: orgId },
          { ...(Object.keys(changes).length > 0 && { $set: changes }), $setOnInsert: { ...unchanged, ssoSecretSealed: null } },
          { upsert: true, returnDocument: "after" },
        );
        return toPortal(saved!);
      } catch (error) {
        // The unique index on slug: another organization took it since the read, or holds the default one.
        if (isDuplicateKey(error)) return null;
        throw error;
      }
    },

    async setSsoSecret(orgId, sealed) {
      return (await portals().updateOne({ _id: orgId }, { $set: { ssoSecretSealed: sealed } })).matchedCount === 1;
    },
  };
}
