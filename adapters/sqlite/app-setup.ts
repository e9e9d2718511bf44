import type { Database } from "bun:sqlite";
import type { AppSetupStore } from "../../core/store/app-setup.ts";
import { toChannel, type ChannelRow } from "./rows.ts";

export function appSetupStore(db: Database): AppSetupStore {
  const replaceFeatures = db.transaction((orgId: string, appId: string, features: Parameters<AppSetupStore["replaceFeatures"]>[2]) => {
    const keep = new Set(features.map((f) => f.id));
    for (const { id } of db.query<{ id: string }, [string, string]>("SELECT id FROM features WHERE org_id = ? AND app_id = ?").all(orgId, appId)) {
      if (!keep.has(id)) db.query("DELETE FROM features WHERE id = ?").run(id);
    }
    for (const f of features) {
      db.query(
        `INSERT INTO features (id, org_id, app_id, name, path, kind, severity_floor, cues, code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, path = excluded.path, kind = excluded.kind,
           severity_floor = excluded.severity_floor, cues = excluded.cues, code = excluded.code
         WHERE features.org_id = excluded.org_id AND features.app_id = excluded.app_id`,
      ).run(
        f.id,
        orgId,
        appId,
        f.name,
        f.path,
        f.kind ?? null,
        f.severityFloor ?? null,
        f.cues ? JSON.stringify(f.cues) : null,
        f.code ? JSON.stringify(f.code) : null,
      );
    }
  });

  return {
    // Each creation counts and inserts in one statement: no other write comes between them.
    async createApp(app, limit) {
      return (
        db
          .query(
            `INSERT INTO apps (id, org_id, name, kind, description, version, number)
             SELECT ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(number), 0) + 1 FROM apps)
             WHERE (SELECT count(*) FROM apps WHERE org_id = ?) < ?`,
          )
          .run(app.id, app.orgId, app.name, app.kind, app.description ?? null, app.version ?? null, app.orgId, limit).changes === 1
      );
    },
    async setGroupingMode(orgId, appId, mode) {
      return db.query("UPDATE apps SET grouping_mode = ? WHERE org_id = ? AND id = ?").run(mode, orgId, appId).changes === 1;
    },
    async setBrowserCollection(orgId, appId, browser) {
      return db.query("UPDATE apps SET browser = ? WHERE org_id = ? AND id = ?").run(JSON.stringify(browser), orgId, appId).changes === 1;
    },
    async createChannel(c, limit) {
      return (
        db
          .query(
            `INSERT INTO channels (id, org_id, app_id, kind, key, active) SELECT ?, ?, ?, ?, ?, ?
             WHERE (SELECT count(*) FROM channels WHERE org_id = ? AND app_id = ?) < ?`,
          )
          .run(c.id, c.orgId, c.appId, c.kind, c.key, c.active ? 1 : 0, c.orgId, c.appId, limit).changes === 1
      );
    },
    async listChannels(orgId, appId) {
      const rows = appId
        ? db.query<ChannelRow, [string, string]>("SELECT * FROM channels WHERE org_id = ? AND app_id = ? ORDER BY kind, id").all(orgId, appId)
        : db.query<ChannelRow, [string]>("SELECT * FROM channels WHERE org_id = ? ORDER BY app_id, kind, id").all(orgId);
      return rows.map(toChannel);
    },
    async setChannelActive(orgId, idOrKey, active) {
      return (
        db.query("UPDATE channels SET active = ? WHERE org_id = ? AND (id = ? OR key = ?)").run(active ? 1 : 0, orgId, idOrKey, idOrKey).changes === 1
      );
    },
    async replaceFeatures(orgId, appId, features) {
      replaceFeatures.immediate(orgId, appId, features);
    },
  };
}
