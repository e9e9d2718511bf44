import type { PortalPeopleStore } from "../../core/store/portal-people.ts";
import { type Database, expiryDate } from "./database.ts";

/** Portal sign-in links and sessions, hashed; apart from the team's sessions (TTL indexes drop the expired). */
export function portalPeopleStore(data: Database): PortalPeopleStore {
  return {
    async saveSignInLink(tokenHash, link) {
      await data.collection("portal_links").insertOne({ _id: tokenHash, ...link, expiresAtDate: expiryDate(link.expiresAt) });
    },

    // Only the reader whose delete took it has it: two clicks on one link open one session.
    async takeSignInLink(tokenHash, now) {
      const links = data.collection("portal_links");
      const link = await links.findOne({ _id: tokenHash });
      if (!link || (await links.deleteOne({ _id: tokenHash })).deletedCount !== 1) return null;
      return link.expiresAt > now ? { orgId: link.orgId, email: link.email } : null;
    },

    async findSignInLink(tokenHash, now) {
      const link = await data.collection("portal_links").findOne({ _id: tokenHash, expiresAt: { $gt: now } });
      return link && { orgId: link.orgId, email: link.email };
    },

    async createPortalSession(idHash, s) {
      await data.collection("portal_sessions").insertOne({ _id: idHash, ...s, expiresAtDate: expiryDate(s.expiresAt) });
    },

    async findPortalSession(idHash, now) {
      const s = await data.collection("portal_sessions").findOne({ _id: idHash, expiresAt: { $gt: now } });
      return s ? { orgId: s.orgId, email: s.email, ...(s.name && { name: s.name }) } : null;
    },

    async deletePortalSession(idHash) {
      await data.collection("portal_sessions").deleteOne({ _id: idHash });
    },
  };
}
