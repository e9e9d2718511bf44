import { ASSISTANT } from "../../core/triage/journal.ts";
import { beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { database } from "../../adapters/mongodb/database.ts";
import { mongoTarget } from "../../adapters/mongodb/import.ts";
import { ensureIndexes } from "../../adapters/mongodb/indexes.ts";
import { createMongoStore } from "../../adapters/mongodb/store.ts";
import { sqliteSource } from "../../adapters/sqlite/export.ts";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import { sha256Digest } from "../../adapters/system/digest.ts";
import type { PortableTarget } from "../../core/portable.ts";
import type { Store } from "../../core/services.ts";
import { type MigrationProgress, migrateStore } from "../../core/upkeep/migrate-store.ts";
import { connectAgent } from "../support/mcp-client.ts";
import { mingoDatabase } from "../support/mingo-mongo.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { patch, post } from "../support/server.ts";
import { jobsDone } from "../support/wait.ts";

let server: Served;
let file: string;
const keys: string[] = [];

/** A store with some of everything, made through the real service (served in this process); then stopped, as a copy expects. */
beforeAll(async () => {
  server = await serveInProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  for (const message of ["Exporting invoices to PDF fails with a blank page", "Dark mode for the dashboard please"]) {
    const res = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message,
      user: { email: "ann@example.com" },
    });
    keys.push(res.body.ticketId);
  }
  await patch(`${server.url}/v1/feedbacks/${keys[0]}`, server.demo.tokens.admin, { status: "prioritized", comment: "Next sprint" });
  // A triage change by hand, which the feedback's activity keeps.
  await patch(`${server.url}/v1/feedbacks/${keys[1]}`, server.demo.tokens.member, { owner: "member@demo.test", tags: ["dark-mode"] });
  // The public portal: on, with an SSO secret and a sign-in address, one feedback published with a public comment.
  const admin = { authorization: `Bearer ${server.demo.tokens.admin}` };
  await fetch(`${server.url}/v1/portal`, {
    method: "PUT",
    headers: { ...admin, "content-type": "application/json" },
    body: JSON.stringify({ enabled: true, statusLabels: { prioritized: "Next up" }, signInUrl: "https://app.example.com/login" }),
  });
  await post(`${server.url}/v1/portal/sso-secret`, {}, admin);
  await post(`${server.url}/v1/feedbacks/${keys[0]}/publish`, { description: "For everyone" }, admin);
  await post(`${server.url}/v1/feedbacks/${keys[0]}/comments`, { text: "Planned", visibility: "public" }, admin);
  await post(
    `${server.url}/v1/webhooks`,
    { url: "http://127.0.0.1:9/retour", events: ["feedback.created"] },
    { authorization: `Bearer ${server.demo.tokens.admin}` },
  );
  await connectAgent(server.url, server.demo.users.member);
  await server.cli("slack", "set", "DEMO", "--signing-secret", "s3cr3t", "--bot-token", "xoxb-1", "--channel", "C0FEED", "--kinds", "idea");
  const offlineLinear = ["--team", "ENG", "--token", "lin_api_x", "--api-url", "http://127.0.0.1:9/graphql"];
  await server.cli("tracker", "set", "DEMO", server.demo.appId, "linear", ...offlineLinear);
  // Each with the last call that failed, which the settings show until one goes through.
  await server.services.store.recordSlackFailure(server.demo.orgId, { at: 1_000, error: "Slack is down", refused: false });
  await server.services.store.recordTrackerFailure(server.demo.orgId, server.demo.appId, { at: 2_000, error: "token revoked", refused: true });
  file = join(server.dataDir, "retour.sqlite");
  // The background work the reports and the status change queued has run: the copy holds no job half done.
  const db = new Database(file, { readonly: true });
  await jobsDone(db);
  db.close();
  await server.stop();
  // An Events API delivery already handled: its retry is dropped after the copy too.
  const original = createSqliteStore(file);
  await original.recordSlackEvent(server.demo.orgId, "Ev-HANDLED", Date.now() + 3_600_000);
  await original.close();
});

async function freshTarget() {
  const { client, db } = mingoDatabase();
  const data = database(client, db);
  await ensureIndexes(data);
  return { target: mongoTarget(data), store: createMongoStore(client, db) };
}

/** What a person or the service reads of a store: equal on both sides after a copy. */
async function readings(store: Store) {
  const org = (await store.findOrganization("DEMO"))!;
  const feedbacks = await store.listFeedbacks(org.id, { statuses: ["triage", "prioritized"] }, null, 50);
  return {
    org,
    feedbacks,
    found: await store.listFeedbacks(org.id, { statuses: ["triage", "prioritized"], words: ["invoic", "pdf"] }, null, 50),
    fromApi: await store.listFeedbacks(org.id, { statuses: ["triage", "prioritized"], source: "api" }, null, 50),
    inboxPublished: await store.listFeedbacks(org.id, { statuses: ["triage", "prioritized"], published: true }, null, 50),
    countedFromApi: await store.countByStatus(org.id, { source: "api" }),
    reports: await Promise.all(feedbacks.map((f) => store.listReports(f.id))),
    comments: await Promise.all(feedbacks.map((f) => store.listComments(f.id))),
    followers: await Promise.all(feedbacks.map((f) => store.listFollowers(f.id))),
    history: await Promise.all(feedbacks.map((f) => store.statusChanges(f.id))),
    triage: await Promise.all(feedbacks.map((f) => store.triageChanges(f.id))),
    counts: await store.countByStatus(org.id),
    apps: await store.listApps(org.id),
    channels: await store.listChannels(org.id),
    members: await store.listMembers(org.id),
    tokens: await store.listTokens(org.id),
    webhooks: await store.listWebhooks(org.id),
    agents: await store.listAgents(org.id, null),
    slack: await store.findSlackConnection(org.id),
    tracker: await store.findAppTracker(org.id, server.demo.appId),
    secret: await store.serviceSecret(),
    keyCheck: await store.findKeyCheck(),
    grant: await store.authenticate(sha256Digest(server.demo.tokens.admin), 0, 1),
    portal: await store.findPortal(org.id),
    publications: await store.findPublications(feedbacks.map((f) => f.id)),
    published: await store.listPublished(org.id, { statuses: ["triage", "prioritized"], words: ["everyone"] }, null, 50, "top"),
  };
}

describe("cli migrate: copying the embedded store into MongoDB (adapter on the mingo stand-in)", () => {
  test("every reading of the copy equals the original's, and the copy goes on taking feedback", async () => {
    const source = sqliteSource(file);
    const { target, store } = await freshTarget();
    const progress: MigrationProgress[] = [];
    await migrateStore(source, target, (p) => progress.push(p));
    source.close();
    const original = createSqliteStore(file);
    const copied = await readings(store);
    expect(copied).toEqual(await readings(original));
    await original.close();
    expect([
      copied.feedbacks.length,
      copied.inboxPublished.length,
      copied.found.length,
      copied.fromApi.length,
      copied.comments.flat().length,
      copied.webhooks.length,
      copied.agents.length,
      copied.triage.flat().filter((c) => c.by !== ASSISTANT).length,
      copied.history.flat().map((h) => h.by !== undefined),
    ]).toEqual([2, 1, 1, 2, 2, 1, 1, 1, [true]]);
    expect([
      copied.portal?.enabled,
      copied.portal?.statusLabels,
      copied.portal?.ssoSecretSealed !== null,
      copied.portal?.signInUrl,
      copied.published.length,
    ]).toEqual([true, { prioritized: "Next up" }, true, "https://app.example.com/login", 1]);
    expect(copied.grant?.role).toBe("admin");
    expect(copied.slack).toMatchObject({ channel: "C0FEED", kinds: ["idea"] });
    expect(await store.recordSlackEvent(copied.org.id, "Ev-HANDLED", Date.now() + 3_600_000)).toBe(false);
    expect(progress.find((p) => p.set === "feedbacks")).toEqual({ set: "feedbacks", copied: 2, total: 2 });
    const org = (await store.findOrganization("DEMO"))!;
    const next = await store.recordFeedback({
      feedback: {
        id: "after-copy",
        orgId: org.id,
        appId: server.demo.appId,
        title: "t",
        kind: "idea",
        status: "triage",
        reports: 1,
        createdAt: 9,
        lastActivityAt: 9,
      },
      report: {
        id: "r-after",
        feedbackId: "after-copy",
        orgId: org.id,
        appId: server.demo.appId,
        source: "api",
        report: { kind: "idea", message: "m", author: {} },
        language: "en",
        conversation: [],
        statusId: "s-after",
        at: 9,
      },
      statusTokenHash: "h",
      event: { id: "e-after", type: "feedback.created", orgId: org.id, feedbackId: "after-copy", createdAt: 9 },
      attachments: [],
      jobs: [],
      quota: { month: "2026-11", limit: null },
    });
    expect(next.state === "recorded" && next.feedback.key).toBe("DEMO-3");
  });

  test("an interrupted copy resumes from its checkpoint and ends with the same contents; a third run has nothing to do", async () => {
    const { target, store } = await freshTarget();
    let writes = 0;
    const failing: PortableTarget = {
      ...target,
      async write(batch) {
        if (++writes === 8) throw new Error("connection lost");
        await target.write(batch);
      },
    };
    const source = sqliteSource(file);
    await expect(migrateStore(source, failing, () => undefined)).rejects.toThrow("connection lost");
    expect((await target.checkpoint())?.done).toBe(false);
    expect(await migrateStore(source, target, () => undefined)).toEqual({ resumed: true, alreadyDone: false, changedSince: [] });
    expect(await migrateStore(source, target, () => undefined)).toEqual({ resumed: false, alreadyDone: true, changedSince: [] });
    source.close();
    const original = createSqliteStore(file);
    expect(await readings(store)).toEqual(await readings(original));
    await original.close();
  });

  test("a finished copy of a store written to since is not taken for done: the run names the sets that changed", async () => {
    const later = `${file}.later.sqlite`;
    copyFileSync(file, later);
    const { target } = await freshTarget();
    const source = sqliteSource(later);
    await migrateStore(source, target, () => undefined);
    const store = createSqliteStore(later);
    await store.recordSlackEvent(server.demo.orgId, "Ev-AFTER-THE-COPY", Date.now() + 3_600_000);
    await store.close();
    expect(await migrateStore(source, target, () => undefined)).toEqual({ resumed: false, alreadyDone: true, changedSince: ["slack_events"] });
    source.close();
  });

  test("a copy resumed after the store was written to is not taken for done either: the sets are counted when the copy first began", async () => {
    const between = `${file}.between.sqlite`;
    // The store as a whole, its write-ahead log too: the copy is made of more batches than it fails after.
    const whole = new Database(file, { readonly: true });
    whole.query("VACUUM INTO ?").run(between);
    whole.close();
    const { target } = await freshTarget();
    let writes = 0;
    const failing: PortableTarget = {
      ...target,
      async write(batch) {
        if (++writes === 3) throw new Error("connection lost");
        await target.write(batch);
      },
    };
    const source = sqliteSource(between);
    await expect(migrateStore(source, failing, () => undefined)).rejects.toThrow("connection lost");
    const store = createSqliteStore(between);
    await store.recordSlackEvent(server.demo.orgId, "Ev-BETWEEN-THE-RUNS", Date.now() + 3_600_000);
    await store.close();
    expect(await migrateStore(source, target, () => undefined)).toEqual({ resumed: true, alreadyDone: false, changedSince: [] });
    expect(await migrateStore(source, target, () => undefined)).toEqual({ resumed: false, alreadyDone: true, changedSince: ["slack_events"] });
    source.close();
  });
});
