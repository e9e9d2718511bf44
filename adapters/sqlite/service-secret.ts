import type { Database } from "bun:sqlite";
import type { ServiceSecretStore } from "../../core/store/service-secret.ts";
import { SAMPLES_OF_EACH } from "../../core/store/service-secret.ts";

export function serviceSecretStore(db: Database): ServiceSecretStore {
  return {
    async serviceSecret() {
      const existing = db.query<{ value: Uint8Array }, []>("SELECT value FROM settings WHERE name = 'cursor_secret'").get();
      if (existing) return new Uint8Array(existing.value);
      // Two processes may race here; the first insert wins and both read it back.
      db.query("INSERT OR IGNORE INTO settings (name, value) VALUES ('cursor_secret', ?)").run(crypto.getRandomValues(new Uint8Array(32)));
      return new Uint8Array(db.query<{ value: Uint8Array }, []>("SELECT value FROM settings WHERE name = 'cursor_secret'").get()!.value);
    },

    async findKeyCheck() {
      return db.query<{ value: string }, []>("SELECT value FROM settings WHERE name = 'key_check'").get()?.value ?? null;
    },

    async adoptKeyCheck(sealed) {
      // The first process to start keeps its check; the others read it back.
      db.query("INSERT OR IGNORE INTO settings (name, value) VALUES ('key_check', ?)").run(sealed);
      return db.query<{ value: string }, []>("SELECT value FROM settings WHERE name = 'key_check'").get()!.value;
    },

    async replaceKeyCheck(sealed) {
      db.query("INSERT INTO settings (name, value) VALUES ('key_check', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(sealed);
    },

    async sealedSamples() {
      const newest = (column: string, table: string) =>
        `SELECT * FROM (SELECT ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL ORDER BY rowid DESC LIMIT ${SAMPLES_OF_EACH})`;
      return db
        .query<{ sealed: string }, []>(
          [
            newest("secret_sealed", "webhooks"),
            newest("settings_sealed", "app_trackers"),
            newest("secrets_sealed", "slack_connections"),
            newest("sso_secret_sealed", "portals"),
            newest("tracking_sealed", "followers"),
          ].join(" UNION ALL "),
        )
        .all()
        .map((row) => row.sealed);
    },
  };
}
