import type { Role } from "../../core/model.ts";
import type { Teammate, TeamSettings, TeamStore } from "../../core/store/team.ts";
import { compoundId, type Database, isDuplicateKey } from "./database.ts";
import { insertJobs } from "./outbox.ts";

export function teamStore(data: Database): TeamStore {
  const settings = () => data.collection("team_settings");
  return {
    async listTeam(orgId) {
      const memberships = await data.collection("memberships").find({ orgId }).toArray();
      const ids = memberships.map((m) => m.userId as string);
      const [users, chosen] = await Promise.all([
        data
          .collection("users")
          .find({ _id: { $in: ids } })
          .toArray(),
        settings()
          .find({ _id: { $in: ids } })
          .toArray(),
      ]);
      const byId = new Map(users.map((u) => [u._id, u]));
      const settingsOf = new Map(chosen.map((s) => [s._id, s]));
      return memberships
        .flatMap((m): Teammate[] => {
          const user = byId.get(m.userId);
          if (!user) return [];
          const s = settingsOf.get(m.userId);
          return [
            {
              userId: m.userId,
              email: user.email,
              ...(user.name && { name: user.name as string }),
              role: m.role as Role,
              digest: s?.digest === true,
              language: (s?.language as TeamSettings["language"] | undefined) ?? "en",
            },
          ];
        })
        .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    },
    async findTeamSettings(userId) {
      const found = await settings().findOne({ _id: userId });
      return found ? { digest: found.digest === true, language: found.language } : null;
    },
    async saveTeamSettings(userId, chosen) {
      await settings().updateOne({ _id: userId }, { $set: { userId, digest: chosen.digest, language: chosen.language } }, { upsert: true });
    },
    async queueDigest(orgId, day, job, runAt) {
      try {
        await data.transaction(async (session) => {
          await data.collection("digest_runs").insertOne({ _id: compoundId(orgId, day), orgId, day }, { session });
          await insertJobs(data, [job], runAt, session);
        });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
  };
}
