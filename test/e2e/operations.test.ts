import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { validate } from "@readme/openapi-parser";
import { Database } from "bun:sqlite";
import { connect } from "node:net";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase } from "../../adapters/sqlite/backup.ts";
import { createLogger } from "../../adapters/logging/logger.ts";
import { ConfigError, loadConfig } from "../../apps/runtime/config.ts";
import { createServices } from "../../apps/runtime/services.ts";
import { get, startServer, type TestServer } from "../support/server.ts";
import { newStoreFile } from "../support/new-store-file.ts";
import { scratchDir } from "../support/scratch.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("GET /openapi.json", () => {
  test("is OpenAPI 3.1.0 with info.version 1, valid for a standard parser", async () => {
    const doc = (await get(`${server.url}/openapi.json`)).body;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1");
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  test("documents every REST route, its body and query schemas, and every error code of the spec", async () => {
    const doc = (await get(`${server.url}/openapi.json`)).body;
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/v1/agents",
      "/v1/agents/{id}",
      "/v1/api-keys",
      "/v1/api-keys/{id}",
      "/v1/apps",
      "/v1/apps/{id}/features",
      "/v1/apps/{id}/trends",
      "/v1/changelog",
      "/v1/changelog/{id}",
      "/v1/changelog/{id}/publish",
      "/v1/feedbacks",
      "/v1/feedbacks/bulk",
      "/v1/feedbacks/export",
      "/v1/feedbacks/{key}",
      "/v1/feedbacks/{key}/comments",
      "/v1/feedbacks/{key}/followers",
      "/v1/feedbacks/{key}/merge",
      "/v1/feedbacks/{key}/publish",
      "/v1/feedbacks/{key}/reports/{reportId}",
      "/v1/feedbacks/{key}/reports/{reportId}/split",
      "/v1/feedbacks/{key}/similar",
      "/v1/feedbacks/{key}/tracker",
      "/v1/feedbacks/{key}/unmerge",
      "/v1/feedbacks/{key}/unpublish",
      "/v1/feedbacks/{key}/voters",
      "/v1/feedbacks/{key}/votes",
      "/v1/feedbacks/{key}/votes/{email}",
      "/v1/ingest",
      "/v1/invitations",
      "/v1/invitations/{id}",
      "/v1/portal",
      "/v1/portal/sso-secret",
      "/v1/portal/{slug}/feedbacks",
      "/v1/portal/{slug}/feedbacks/{key}",
      "/v1/portal/{slug}/similar",
      "/v1/reports",
      "/v1/reports/{id}/answers",
      "/v1/tags",
      "/v1/webhooks",
      "/v1/webhooks/{id}",
      "/v1/webhooks/{id}/rotate-secret",
      "/v1/webhooks/{id}/test",
      "/v1/widget/config",
      "/v1/widget/reports",
      "/v1/widget/reports/{id}/answers",
      "/v1/widget/similar",
      "/v1/widget/voted",
      "/v1/widget/votes",
    ]);
    expect(doc.paths["/v1/reports"].post.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/ReportRequest");
    expect(doc.paths["/v1/feedbacks"].get.parameters.map((p: any) => p.name)).toEqual([
      "status",
      "kind",
      "severity",
      "appId",
      "featureId",
      "query",
      "published",
      "source",
      "owner",
      "tag",
      "sort",
      "limit",
      "cursor",
    ]);
    for (const schema of ["FeedbackUpdate", "BulkRequest", "BulkResults", "TagList", "ApiKeyCreate", "ApiKeyList", "ApiKeyWithSecret"]) {
      expect(doc.components.schemas[schema]?.type).toBe("object");
    }
    const text = JSON.stringify(doc.paths);
    const specCodes = [
      "invalid_json",
      "invalid_ingest",
      "invalid_idempotency_key",
      "channel_mismatch",
      "channel_inactive",
      "unknown_app",
      "idempotency_in_progress",
      "message_too_long",
      "payload_too_large",
      "idempotency_key_reused",
      "rate_limited",
      "qualification_failed",
      "invalid_answer",
      "missing_answer",
      "qualification_not_found",
      "invalid_query",
      "invalid_cursor",
      "unauthorized",
      "invalid_token",
      "insufficient_scope",
      "not_found",
      "invalid_body",
      "forbidden",
    ];
    for (const code of specCodes) expect(text).toContain(`\`${code}\``);
    expect(doc.paths["/v1/ingest"].post.deprecated).toBe(true);
  });
});

describe("operations", () => {
  test("GET /health answers 200 {ok: true}", async () => {
    const res = await get(`${server.url}/health`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { ok: true } });
  });

  test("every response carries a request id; a sane incoming one is kept", async () => {
    const res = await fetch(`${server.url}/health`, { headers: { "x-request-id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
    expect((await fetch(`${server.url}/health`)).headers.get("x-request-id")).toBeTruthy();
  });

  test("every response tells browsers not to guess its type (X-Content-Type-Options: nosniff): JSON, a refusal, a redirect", async () => {
    const answers = [
      await fetch(`${server.url}/health`),
      await fetch(`${server.url}/v2/nothing`),
      await fetch(`${server.url}/v1/reports`, { method: "POST", body: "{" }),
      await fetch(`${server.url}/`, { redirect: "manual" }),
    ];
    expect(answers.map((a) => a.headers.get("x-content-type-options"))).toEqual(["nosniff", "nosniff", "nosniff", "nosniff"]);
  });

  test("an unknown route is a JSON 404 not_found", async () => {
    const res = await get(`${server.url}/v2/nothing`);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: "not_found" });
  });

  // Each wrong value is refused by name in test/apps/config.test.ts; here, what a start does with one.
  test("a wrong configuration value stops the start with a message naming the variable", async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, "../../apps/server/main.ts")], {
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: "eighty" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect(code).toBe(2);
    expect(stderr).toContain("PORT");
  });

  // What the start does with a store it cannot open is shown on a process by the unreachable MongoDB
  // (test/e2e/mongodb-start.test.ts: one line, exit code 2); here, the refusal it prints, in process.
  test("a store upgraded by a newer release is refused at the start with a message saying so, and is left as it was", async () => {
    const dataDir = scratchDir("newer");
    const file = join(dataDir, "retour.sqlite");
    const newer = new Database(file);
    newer.exec("PRAGMA user_version = 100000");
    newer.close();
    const config = loadConfig({ DATA_DIR: dataDir, PORT: "0" });
    await expect(createServices(config, createLogger("silent", false), "http://localhost:3000", "server")).rejects.toThrow(
      `the store at ${file} was upgraded by a newer release of Retour (schema 100000`,
    );
    const after = new Database(file, { readonly: true });
    expect(after.query("SELECT count(*) AS n FROM sqlite_schema").get()).toEqual({ n: 0 });
    after.close();
  });

  test("a store file that is no database, or a damaged one, is refused at the start with one line naming it and saying to restore a backup", async () => {
    const refusal = async (bytes: Uint8Array | string) => {
      const dataDir = scratchDir("unreadable");
      await Bun.write(join(dataDir, "retour.sqlite"), bytes);
      const config = loadConfig({ DATA_DIR: dataDir, PORT: "0" });
      const error = await createServices(config, createLogger("silent", false), "http://localhost:3000", "cli").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message.replace(dataDir, "DATA_DIR");
    };
    expect(await refusal("not a database\n")).toBe(
      "the store at DATA_DIR/retour.sqlite cannot be read (file is not a database): restore it from a backup (README, Backups and upgrades)",
    );
    // A backup cut short: the first pages of a real store.
    const whole = new Database(join(scratchDir("whole"), "retour.sqlite"));
    whole.exec(
      "PRAGMA page_size = 1024; CREATE TABLE t (x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO t SELECT i FROM n;",
    );
    const bytes = whole.serialize();
    whole.close();
    expect(await refusal(bytes.slice(0, 4096))).toBe(
      "the store at DATA_DIR/retour.sqlite cannot be read (database disk image is malformed): restore it from a backup (README, Backups and upgrades)",
    );
  });

  test("a backup restored over the old store's files, its WAL left beside it, is refused at the start with one line naming the files to remove", async () => {
    const dataDir = scratchDir("restored");
    const file = join(dataDir, "retour.sqlite");
    backupDatabase(newStoreFile("backed-up"), file);
    // The old store's WAL, as a server killed before the restore left it (test/adapters/sqlite-backup.test.ts replays a real one).
    writeFileSync(`${file}-wal`, "frames of another store");
    const config = loadConfig({ DATA_DIR: dataDir, PORT: "0" });
    const error = await createServices(config, createLogger("silent", false), "http://localhost:3000", "server").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toStartWith(`the store at ${file} is a backup, and the retour.sqlite-wal beside it is another store's`);
  });

  test("after SIGTERM and a new start on the same data directory, recorded feedbacks are still there", async () => {
    const res = await fetch(`${server.url}/v1/reports`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ publicKey: server.demo.publicKey, kind: "praise", message: "Survives restarts nicely" }),
    });
    const { ticketId } = (await res.json()) as { ticketId: string };
    await server.restart();
    expect((await get(`${server.url}/v1/feedbacks/${ticketId}`, server.demo.tokens.admin)).body.key).toBe(ticketId);
  });

  test("a report still arriving when SIGTERM comes is answered 201 before the server exits, and is there after the next start", async () => {
    const body = JSON.stringify({ publicKey: server.demo.publicKey, kind: "problem", message: "Sent while the server stops" });
    const socket = connect(Number(new URL(server.url).port), "localhost");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.on("close", resolve));
    socket.write(
      `POST /v1/reports HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await Bun.sleep(200);
    const stopped = server.stop();
    // Long enough for the signal to be handled: the server now refuses new connections, and waits for this one.
    await Bun.sleep(500);
    socket.write(body.slice(10));
    await closed;
    expect(await stopped).toBe(0);
    expect(answer).toStartWith("HTTP/1.1 201");
    const { ticketId } = JSON.parse(answer.slice(answer.indexOf("{"))) as { ticketId: string };
    await server.restart();
    expect((await get(`${server.url}/v1/feedbacks/${ticketId}`, server.demo.tokens.admin)).body.key).toBe(ticketId);
  });

  // Last, as it ends the server: once stopped, every line it logged has been read.
  test("logs are JSON lines and never contain a token", async () => {
    await fetch(`${server.url}/v1/feedbacks?query=secret`, { headers: { authorization: `Bearer ${server.demo.tokens.admin}` } });
    expect(await server.stop()).toBe(0);
    const output = server.output();
    const lines = output.trim().split("\n");
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(output).toContain('"path":"/v1/feedbacks"');
    expect(output).not.toContain(server.demo.tokens.admin);
    expect(output).not.toContain("query=secret");
  });
});
