import type { Database } from "bun:sqlite";
import type { ServiceSecretStore } from "../../core/store/service-secret.ts";

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

    async sealedSample() {
      return (
        db
          .query<{ sealed: string }, []>(
            `SELECT secret_sealed AS sealed FROM webhooks
             UNION ALL SELECT settings_sealed FROM app_trackers
             UNION ALL SELECT secrets_sealed FROM slack_connections
             UNION ALL SELECT sso_secret_sealed FROM portals WHERE sso_secret_sealed IS NOT NULL
             UNION ALL SELECT tracking_sealed FROM followers WHERE tracking_sealed IS NOT NULL
             LIMIT 1`,
          )
          .get()?.sealed ?? null
      );
    },
  };
}
