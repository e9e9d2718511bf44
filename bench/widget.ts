/**
 * The widget's weight and cost on a host page: gzipped size of the loader and of each lazy module
 * (budgets also enforced by test/widget/budgets.test.ts), and the main-thread time the loader adds
 * to a page, measured in Chromium as the difference in task time (CDP Performance.getMetrics)
 * between the same page with and without the tag. `--record` appends the results to bench/RESULTS.md.
 */
import { appendFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { buildWidget } from "../apps/widget/build.ts";

const ROUNDS = 25;
const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (text: string) => gzipSync(text, { level: 9 }).byteLength;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const widget = await buildWidget();
const sizes = [
  ["Loader, gzipped", gz(widget.loader), 6],
  ["Form and conversation module, gzipped", gz(widget.modules.get(widget.names.panel)!), 15],
  ["Screenshot module, gzipped", gz(widget.modules.get(widget.names.screenshot)!), 12],
  ["Replay module, gzipped", gz(widget.modules.get(widget.names.replay)!), 25],
] as const;

const host = Bun.serve({
  port: 0,
  fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/widget.js") return new Response(widget.loader, { headers: { "content-type": "text/javascript" } });
    if (url.pathname === "/v1/widget/config") return Response.json({ replay: false });
    const tag = url.searchParams.has("widget") ? `<script src="/widget.js" data-key="widget_bench" async></script>` : "";
    // Both pages run a script of their own, as every real host page does: the page's script context is not the widget's cost.
    const own = `<script>document.title = "Host page";</script>`;
    return new Response(`<!doctype html><html lang="en"><body><h1>Host page</h1><p>${"Text. ".repeat(200)}</p>${own}${tag}</body></html>`, {
      headers: { "content-type": "text/html" },
    });
  },
});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });

/** Main-thread time of a page view: all tasks, and the part spent running scripts. */
async function mainThread(withWidget: boolean): Promise<{ task: number; script: number }> {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(`${host.url}page${withWidget ? "?widget" : ""}`, { waitUntil: "load" });
  // A fixed wait on both pages (no polling in the page, which would itself cost task time).
  await page.waitForTimeout(500);
  if (withWidget && !(await page.evaluate(() => "Retour" in window))) throw new Error("the loader did not start");
  const { metrics } = await cdp.send("Performance.getMetrics");
  await page.close();
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: metric("TaskDuration"), script: metric("ScriptDuration") };
}

const without: Array<{ task: number; script: number }> = [];
const withTag: Array<{ task: number; script: number }> = [];
for (let i = 0; i < ROUNDS; i++) {
  without.push(await mainThread(false));
  withTag.push(await mainThread(true));
}
await browser.close();
host.stop(true);
const added = median(withTag.map((m) => m.script)) - median(without.map((m) => m.script));
const addedTasks = median(withTag.map((m) => m.task)) - median(without.map((m) => m.task));

const rows = [
  ...sizes.map(([name, bytes, budget]) => `| ${name} | ${KB(bytes)} | ≤ ${budget} KB ${bytes <= budget * 1024 ? "✅" : "❌"} |`),
  `| Script time the loader adds to a host page (median of ${ROUNDS}) | ${added.toFixed(1)} ms | ≤ 5 ms ${added <= 5 ? "✅" : "❌"} |`,
  `| All main-thread tasks it adds: script, its two requests, style and layout of the launcher (median) | ${addedTasks.toFixed(1)} ms | (same target, stricter reading) ${addedTasks <= 5 ? "✅" : "❌"} |`,
];
const report = `| Figure | Result | Target |\n|---|---|---|\n${rows.join("\n")}`;
console.log(report);
if (process.argv.includes("--record")) {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}, Debian Chromium`;
  const section = `\n## ${new Date().toISOString().slice(0, 10)} — the widget — ${machine}\n\nCommand: \`npm run bench:widget\`\n\n${report}\n`;
  appendFileSync(join(import.meta.dir, "RESULTS.md"), section);
}
