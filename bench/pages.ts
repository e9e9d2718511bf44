// Server time of the inbox's pages and the grouping and trends reads at N feedbacks; appended to bench/RESULTS.md.
//   bun bench/pages.ts [--feedbacks 100000] [--requests 300] [--filters]
//   --filters: also the inbox's filters, their first page and the next, on a store given owners,
//   tags, due dates and publications by bench/inbox-filters.sql.
import { Database } from "bun:sqlite";
import { appendFileSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { percentile, ROOT, seed, signIn, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";
import { sqliteFile } from "../apps/runtime/services.ts";

const { values } = parseArgs({
  options: {
    feedbacks: { type: "string", default: "100000" },
    requests: { type: "string", default: "300" },
    filters: { type: "boolean", default: false },
  },
});
const FEEDBACKS = Number(values.feedbacks);
const REQUESTS = Number(values.requests);
/** Requests to each page of a filter: the slowest pages took a second each at a million. */
const FILTER_REQUESTS = 20;

console.error(`pages: seeding ${FEEDBACKS} feedbacks, indexed for grouping, 1 % of them posted on the portal, with changelog entries`);
const dataDir = scratchDir("pages");
const info = await seed(dataDir, FEEDBACKS, { grouping: true, portal: true });
if (values.filters) {
  const db = new Database(sqliteFile(dataDir));
  db.exec(readFileSync(join(ROOT, "bench/inbox-filters.sql"), "utf8"));
  db.close();
}
const server = await start(["apps/server/main.ts"], { DATA_DIR: dataDir, RATE_LIMIT_API_PER_MINUTE: "1000000000" });
const origin = `http://127.0.0.1:${server.port}`;
const cookie = await signIn(origin, info.users.member);
const bearer = `Bearer ${info.tokens.admin}`;
// Keys spread over the seeded range (DEMO-1 and a few more come from the demo itself).
const key = (i: number) => `DEMO-${1 + ((i * 7919) % FEEDBACKS)}`;

/** Sequential requests (so latency is not queueing), the first tenth warming caches; p50 and p99 in ms. */
async function measure(path: (i: number) => string, headers: Record<string, string>, requests = REQUESTS): Promise<{ p50: number; p99: number }> {
  const timings: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const res = await fetch(`${origin}${path(i)}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path(i)} answered ${res.status}`);
    if (i >= requests / 10) timings.push(performance.now() - t);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
}

const INBOX = [
  "/inbox",
  "/inbox?status=all",
  "/inbox?status=all&sort=reports",
  "/inbox?query=checkout",
  "/inbox?kind=idea&status=all",
  "/inbox?published=false&source=portal",
];
const cases = [
  {
    name: `Inbox page with counts per status (${INBOX.length} views, "To review" among them)`,
    target: 50,
    run: () => measure((i) => INBOX[i % INBOX.length]!, { cookie }),
  },
  { name: "Feedback page (with its similar feedbacks)", target: 50, run: () => measure((i) => `/inbox/${key(i)}`, { cookie }) },
  { name: "Possible duplicates page", target: 50, run: () => measure(() => "/duplicates", { cookie }) },
  { name: "Trends page, 30 and 90 days", target: 100, run: () => measure((i) => `/trends?days=${i % 2 ? 90 : 30}`, { cookie }) },
  {
    name: "GET /v1/apps/{id}/trends?days=90",
    target: 100,
    run: () => measure(() => `/v1/apps/${info.appId}/trends?days=90`, { authorization: bearer }),
  },
  { name: "GET /v1/feedbacks/{key}/similar", target: 50, run: () => measure((i) => `/v1/feedbacks/${key(i)}/similar`, { authorization: bearer }) },
];
const rows: string[] = [];
for (const c of cases) {
  console.error(`  ${c.name}`);
  const { p50, p99 } = await c.run();
  rows.push(`| ${c.name} | p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms | p99 < ${c.target} ms ${p99 < c.target ? "✅" : "❌"} |`);
}

/** The inbox's filters (bench/inbox-filters.sql gives them rows), each in the order of activity and of votes. */
const FILTERS = [
  "owner=none",
  "owner=member@demo.test",
  "owner=nobody@demo.test",
  "published=false",
  "published=true",
  "published=false&source=portal",
  "tag=billing",
  "tag=mobile",
  "kind=idea",
  "severity=P1",
  "featureId=feat-checkout",
  "due=overdue",
  "due=none",
  "query=checkout",
  "query=checkout&owner=none",
];
const filterRows: string[] = [];
for (const filter of values.filters ? FILTERS : []) {
  for (const sort of ["", "&sort=votes"]) {
    const first = `/inbox?${filter}${sort}`;
    console.error(`  ${first}`);
    const page = await (await fetch(`${origin}${first}`, { headers: { cookie } })).text();
    const next = /<a href="([^"]+)" rel="next">/.exec(page)?.[1]?.replaceAll("&amp;", "&");
    const timed = async (path: string) => {
      const { p50, p99 } = await measure(() => path, { cookie }, FILTER_REQUESTS);
      return `${p50.toFixed(2)} / ${p99.toFixed(2)}`;
    };
    filterRows.push(`| \`${first}\` | ${await timed(first)} | ${next ? await timed(next) : "–"} |`);
  }
}
server.proc.kill();

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — pages at ${FEEDBACKS.toLocaleString("en")} feedbacks, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/pages.ts --feedbacks ${FEEDBACKS} --requests ${REQUESTS}${values.filters ? " --filters" : ""}\` (sequential requests on loopback, signed in through the form; the first tenth warms caches; 1 % of the reports posted on the portal, a changelog entry per 200 feedbacks linking five)`,
  "",
  "| Measure | Result | Target |",
  "|---|---|---|",
  ...rows,
  "",
  ...(values.filters
    ? [
        `The inbox's filters (\`--filters\`: bench/inbox-filters.sql), ${FILTER_REQUESTS} requests to each page, p50 / p99 ms; page 2 is the first page's link to the next:`,
        "",
        "| View | Page 1 | Page 2 |",
        "|---|---|---|",
        ...filterRows,
        "",
      ]
    : []),
];
console.log(lines.join("\n"));
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
