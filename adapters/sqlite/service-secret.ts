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

    async keyCheck(sealed) {
      // The first process to start keeps its check; the others read it back.
      db.query("INSERT OR IGNORE INTO settings (name, value) VALUES ('key_check', ?)").run(sealed);
      return db.query<{ value: string }, []>("SELECT value FROM settings WHERE name = 'key_check'").get()!.value;
    },
  };
}
