import type { OrganizationStore } from "../../core/store/organizations.ts";
import { touchCatalog } from "./channel-cache.ts";
import { organizationOf } from "./organization.ts";
import { compoundId, type Database, toDocument } from "./database.ts";

export function organizationStore(data: Database): OrganizationStore {
  const organizations = () => data.collection("organizations");
  return {
    async createOrganization(org) {
      await organizations().insertOne({ ...toDocument(org), nextSeq: 1, webhookCount: 0 });
      await touchCatalog(data);
    },
    async findOrganization(idOrPrefix) {
      const found = await organizations().findOne({ $or: [{ _id: idOrPrefix }, { keyPrefix: idOrPrefix }] });
      return found ? organizationOf(found) : null;
    },
    async listOrganizations() {
      return (await organizations().find({}).sort({ name: 1, _id: 1 }).toArray()).map(organizationOf);
    },
    async quotaUsed(orgId, month) {
      return (await data.collection("quota").findOne({ _id: compoundId(orgId, month) }))?.used ?? 0;
    },
    async setPlan(orgId, plan, quotaOverride) {
      const found = (await organizations().updateOne({ _id: orgId }, { $set: { plan, quotaOverride } })).matchedCount === 1;
      await touchCatalog(data);
      return found;
    },
  };
}
