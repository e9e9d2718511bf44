import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { scratchDir } from "../../support/scratch.ts";

/**
 * What must never reach a portal page, feed or public JSON, whatever is published, merged or
 * unmerged: report texts, reporters' names and e-mails, captured context, attachments, internal
 * comments (and comments given with a status change), owner, severity, the team's summary.
 */
const SECRETS = [
  "Zelda Quixote-Marsh",
  "zelda.private@leak.example",
  "Barnaby Okonkwo-Leaf",
  "barnaby@leak.example",
  "MSGSECRET",
  "OBSERVEDSECRET",
  "EXPECTEDSECRET",
  "ctx-secret.example",
  "INTERNALNOTESECRET",
  "STATUSCOMMENTSECRET",
  "owner.secret@leak.example",
  "SUMMARYSECRET",
  "/attachments/",
  "sev-P",
  '"severity"',
  '"owner"',
  '"reportList"',
  '"fullContext"',
];

let http: InProcess;
const dataDir = scratchDir("privacy");
const admin = () => http.demo.tokens.admin;
const call = (method: string, path: string, body?: unknown) => http.request(method, path, { token: admin(), ...(body !== undefined && { body }) });

beforeAll(async () => {
  http = await inProcess({ env: { DATA_DIR: dataDir } });
  await call("PUT", "/v1/portal", { enabled: true, indexing: true });
});
afterAll(() => http.close());

let n = 0;
/** A feedback from a person who gave a name, an e-mail, what they saw and expected, and the page they were on. */
async function reported(title: string, person: { name: string; email: string }): Promise<string> {
  n++;
  const res = await http.request("POST", "/v1/reports", {
    body: {
      publicKey: http.demo.publicKey,
      kind: n % 2 === 0 ? "problem" : "idea",
      title,
      message: `MSGSECRET ${n}: ${person.name} writes from ${person.email} about ${title.toLowerCase()}`,
      observed: `OBSERVEDSECRET ${n}`,
      expected: `EXPECTEDSECRET ${n}`,
      url: `https://ctx-secret.example/account/${n}?token=abc`,
      user: { id: `u-${n}`, ...person },
    },
  });
  expect(res.status).toBe(201);
  const key = res.body.ticketId as string;
  // A screenshot the report carried, and everything the team keeps to itself.
  const file = join(dataDir, `shot-${n}.png`);
  writeFileSync(file, new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, n]));
  await http.cli("attach", "DEMO", key, file, "--kind", "screenshot");
  await call("POST", `/v1/feedbacks/${key}/comments`, { text: `INTERNALNOTESECRET ${n}, call ${person.email}`, visibility: "internal" });
  await call("PATCH", `/v1/feedbacks/${key}`, { status: "prioritized", comment: `STATUSCOMMENTSECRET ${n}` });
  return key;
}

/** The owner, severity and summary, which no route of this version sets: written where the store keeps them. */
function teamFields(): void {
  const db = new Database(join(dataDir, "retour.sqlite"));
  db.query("UPDATE feedbacks SET owner = 'owner.secret@leak.example', severity = 'P0', summary = 'SUMMARYSECRET'").run();
  db.close();
}

/** Every public page and JSON there is, in both languages, with the board's sorts, filters and pages, and searches for secrets. */
async function crawl(keys: readonly string[]): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const visit = async (path: string, headers: Record<string, string> = {}) => {
    const res = await http.request("GET", path, { headers });
    pages.set(`${path} ${JSON.stringify(headers)}`, typeof res.body === "string" ? res.body : JSON.stringify(res.body));
    return res;
  };
  for (const lang of ["en", "fr"]) {
    const headers = { "accept-language": lang };
    for (const sort of ["top", "new", "trending"]) {
      for (const status of ["open", "all", "closed", "prioritized"]) {
        let cursor: string | null = "";
        while (cursor !== null) {
          const res = await visit(`/v1/portal/demo/feedbacks?sort=${sort}&status=${status}&limit=2${cursor ? `&cursor=${cursor}` : ""}`, headers);
          cursor = res.body.nextCursor ?? null;
          const board = await visit(`/p/demo?sort=${sort}&status=${status}${cursor ? `&cursor=${cursor}` : ""}`, headers);
          expect(board.status).toBe(200);
        }
      }
    }
    for (const word of ["MSGSECRET", "zelda", "OBSERVEDSECRET", "ctx", "INTERNALNOTESECRET", "owner", "P0"]) {
      const res = await visit(`/v1/portal/demo/feedbacks?status=all&query=${word}`, headers);
      expect([word, res.body.data]).toEqual([word, []]);
      // The board repeats what the visitor typed in its search field: it is checked to list nothing, not crawled.
      const searched = await http.request("GET", `/p/demo?status=all&query=${word}`, { headers });
      expect(searched.body).toContain(lang === "fr" ? `Rien ne correspond à «\u202f${word}\u202f».` : `Nothing matches “${word}”.`);
    }
    for (const key of keys) {
      await visit(`/v1/portal/demo/feedbacks/${key}`, headers);
      await visit(`/p/demo/${key}`, headers);
    }
    await visit("/p/demo/roadmap", headers);
    await visit(`/p/demo?lang=${lang}`);
  }
  await visit("/p/demo/sitemap.xml");
  await visit("/p/demo/robots.txt");
  return pages;
}

function leaks(pages: Map<string, string>): string[] {
  return [...pages].flatMap(([path, text]) =>
    SECRETS.filter((secret) => text.toLowerCase().includes(secret.toLowerCase())).map((secret) => `${path}: ${secret}`),
  );
}

test("no report text, reporter, context, attachment, internal comment, owner or severity appears on any public page or JSON, through a storm of merges and unmerges", async () => {
  const zelda = { name: "Zelda Quixote-Marsh", email: "zelda.private@leak.example" };
  const barnaby = { name: "Barnaby Okonkwo-Leaf", email: "barnaby@leak.example" };
  const keys: string[] = [];
  for (const [i, title] of ["Dark mode", "Export to PDF", "Calendar sync", "Offline mode", "Bulk edit", "Keyboard shortcuts"].entries()) {
    keys.push(await reported(title, i % 2 === 0 ? zelda : barnaby));
  }
  await http.runJobs();
  teamFields();
  // Published: four of six, two with the default public title (the title), two with a description; public comments on two.
  for (const [i, key] of keys.slice(0, 4).entries()) {
    const body = i % 2 === 0 ? { description: `What ${i} means for everyone.` } : {};
    expect((await call("POST", `/v1/feedbacks/${key}/publish`, body)).status).toBe(200);
  }
  await call("POST", `/v1/feedbacks/${keys[0]}/comments`, { text: "We are on it.", visibility: "public" });
  await call("POST", `/v1/feedbacks/${keys[1]}/comments`, { text: "Shipped in 2.4.", visibility: "public" });
  await call("PATCH", `/v1/feedbacks/${keys[1]}`, { status: "delivered", comment: "STATUSCOMMENTSECRET delivered" });

  const check = async (moment: string) => {
    const pages = await crawl(keys);
    expect(pages.size).toBeGreaterThan(80);
    expect([moment, leaks(pages)]).toEqual([moment, []]);
    return pages;
  };
  const first = await check("published");
  // The crawl saw what is public: the public titles, descriptions and comments.
  const seen = [...first.values()].join("\n");
  for (const expected of ["Dark mode", "What 0 means for everyone.", "We are on it.", "Shipped in 2.4."]) expect(seen).toContain(expected);
  expect(seen).not.toContain("Bulk edit");

  // The storm: published into published, unpublished into published, published into unpublished; undone in turn.
  const merges: Array<[string, string]> = [
    [keys[2]!, keys[0]!],
    [keys[4]!, keys[3]!],
    [keys[1]!, keys[5]!],
  ];
  for (const [source, into] of merges) {
    expect((await call("POST", `/v1/feedbacks/${source}/merge`, { into })).status).toBe(200);
    await check(`${source} merged into ${into}`);
  }
  for (const [source] of merges.reverse()) {
    const undone = await call("POST", `/v1/feedbacks/${source}/unmerge`);
    expect([source, undone.status]).toEqual([source, 200]);
    await check(`${source} unmerged`);
  }
  // Merged again, then its report split out into a feedback of its own (never published).
  expect((await call("POST", `/v1/feedbacks/${keys[2]}/merge`, { into: keys[0] })).status).toBe(200);
  const held = await call("GET", `/v1/feedbacks/${keys[0]}`);
  const moved = held.body.reportList.at(-1).id;
  const split = await call("POST", `/v1/feedbacks/${keys[0]}/reports/${moved}/split`);
  expect(split.status).toBe(201);
  await check("a report split out");
  await call("POST", `/v1/feedbacks/${keys[3]}/unpublish`);
  const last = await check("after an unpublish");
  expect([...last.values()].join("\n")).not.toContain("Offline mode");
}, 60_000);
