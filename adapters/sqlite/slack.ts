import type { Database } from "bun:sqlite";
import type { DeliveryFailure } from "../../core/model.ts";
import type { Kind, Severity } from "../../core/schemas/feedback.ts";
import type { SlackConnection, SlackStore } from "../../core/store/slack.ts";
import type { WriteBatch } from "./write-batch.ts";

interface Row {
  org_id: string;
  secrets_sealed: string;
  app_id: string | null;
  channel: string | null;
  kinds: string;
  min_severity: Severity | null;
  api_url: string | null;
  team_id: string | null;
  enterprise_id: string | null;
  last_failure: string | null;
}

const toConnection = (r: Row): SlackConnection => ({
  orgId: r.org_id,
  secretsSealed: r.secrets_sealed,
  kinds: JSON.parse(r.kinds) as Kind[],
  ...(r.app_id && { appId: r.app_id }),
  ...(r.channel && { channel: r.channel }),
  ...(r.min_severity && { minSeverity: r.min_severity }),
  ...(r.api_url && { apiUrl: r.api_url }),
  ...(r.team_id && { teamId: r.team_id }),
  ...(r.enterprise_id && { enterpriseId: r.enterprise_id }),
  ...(r.last_failure && { lastFailure: JSON.parse(r.last_failure) as DeliveryFailure }),
});

export function slackStore(db: Database, batch: WriteBatch): SlackStore {
  return {
    async setSlackConnection(c) {
      await batch.run(() =>
        db
          .query(
            "INSERT OR REPLACE INTO slack_connections (org_id, secrets_sealed, app_id, channel, kinds, min_severity, api_url, team_id, enterprise_id, last_failure) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .run(
            c.orgId,
            c.secretsSealed,
            c.appId ?? null,
            c.channel ?? null,
            JSON.stringify(c.kinds),
            c.minSeverity ?? null,
            c.apiUrl ?? null,
            c.teamId ?? null,
            c.enterpriseId ?? null,
            c.lastFailure ? JSON.stringify(c.lastFailure) : null,
          ),
      );
    },
    async findSlackConnection(orgId) {
      const row = db.query<Row, [string]>("SELECT * FROM slack_connections WHERE org_id = ?").get(orgId);
      return row ? toConnection(row) : null;
    },
    async removeSlackConnection(orgId) {
      await batch.run(() => db.query("DELETE FROM slack_connections WHERE org_id = ?").run(orgId));
    },
    async recordSlackFailure(orgId, failure) {
      await batch.run(() => db.query("UPDATE slack_connections SET last_failure = ? WHERE org_id = ?").run(JSON.stringify(failure), orgId));
    },
    async clearSlackFailure(orgId, before) {
      await batch.run(() =>
        db.query("UPDATE slack_connections SET last_failure = NULL WHERE org_id = ? AND json_extract(last_failure, '$.at') < ?").run(orgId, before),
      );
    },
    async recordSlackEvent(orgId, eventId, expiresAt) {
      const inserted = await batch.run(() =>
        db.query("INSERT OR IGNORE INTO slack_events (org_id, event_id, expires_at) VALUES (?, ?, ?)").run(orgId, eventId, expiresAt),
      );
      return inserted.changes === 1;
    },
  };
}
