import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { FormBrowser } from "../support/browser.ts";
import { scratchDir } from "../support/scratch.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** One command of the walk-through (possibly several lines) and the output lines the README shows under it. */
interface Step {
  readonly command: string;
  readonly expected: readonly string[];
}

/**
 * The first shell block of a README section: commands, prose comments, and the lines showing what
 * a command prints — the comments right under a command, or under another such line.
 */
function shellBlock(heading: string): Step[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  const steps: Step[] = [];
  let command: string[] = [];
  let above: "command" | "shown" | "other" = "other";
  for (const line of block.split("\n")) {
    if (line.startsWith("# ") && above !== "other") {
      if (command.length > 0) steps.push({ command: command.join("\n"), expected: [] });
      command = [];
      (steps.at(-1)!.expected as string[]).push(line.slice(2));
      above = "shown";
    } else if (!line.startsWith("#") && line.trim()) {
      command.push(line);
      above = "command";
    } else above = "other";
  }
  if (command.length > 0) steps.push({ command: command.join("\n"), expected: [] });
  return steps;
}

/** A shown line as a pattern: `…` stands for anything. */
const shape = (line: string) =>
  new RegExp(
    `^${line
      .split("…")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );

let server: Subprocess<"ignore", "pipe", "pipe">;
let port = "";
let banner = "";
const dataDir = scratchDir("readme");
const env = { ...process.env, DATA_DIR: dataDir };
const local = (text: string) => text.replaceAll("localhost:3000", `localhost:${port}`);
const cli = (...args: string[]) => Bun.spawnSync([process.execPath, join(ROOT, "apps/cli/main.ts"), ...args], { cwd: ROOT, env }).stdout.toString();

beforeAll(async () => {
  server = Bun.spawn([process.execPath, join(ROOT, "apps/server/main.ts")], {
    cwd: ROOT,
    env: { ...env, PORT: "0" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = server.stderr.getReader();
  while (!banner.includes("More keys and tokens")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server ended before its start message: ${banner}`);
    banner += new TextDecoder().decode(value);
  }
  port = /Retour is running at http:\/\/localhost:(\d+)/.exec(banner)![1]!;
});
afterAll(async () => {
  server.kill("SIGTERM");
  await server.exited;
});

// The start message is on standard error; standard output keeps JSON log lines.
test("the first start creates the demo organization and prints a curl command that works as printed: it sends the first report, DEMO-1", () => {
  const command = /(curl -s -X POST[^\n]*\\\n[^\n]*)/.exec(banner)![1]!;
  const sent = Bun.spawnSync(["sh", "-c", command]);
  expect(JSON.parse(sent.stdout.toString())).toMatchObject({ ok: true, ticketId: "DEMO-1", merged: false });
  expect(sent.stdout.toString()).toMatch(shape('{"ok":true,"ticketId":"DEMO-1","merged":false,"statusId":"…","statusToken":"…","statusUrl":"…"}'));
});

test("the README's walk-through, then its review of a duplicate, run as written, print what the README shows", () => {
  const walk = shellBlock("## A walk through the API");
  const review = shellBlock("## Grouping you can review and undo");
  expect(walk.filter((s) => s.expected.length > 0).length).toBeGreaterThanOrEqual(10);
  expect(review.filter((s) => s.expected.length > 0).length).toBeGreaterThanOrEqual(5);
  const steps = [...walk, ...review];
  const script = steps.map((s, i) => `${local(s.command)}\necho; echo "<<<STEP ${i}>>>"`).join("\n");
  const run = Bun.spawnSync(["bash", "-c", `set -e\n${script}`], { cwd: ROOT, env });
  const output = run.stdout.toString();
  expect(run.exitCode, run.stderr.toString()).toBe(0);
  const outputs = output.split(/<<<STEP \d+>>>\n?/);
  steps.forEach((step, i) => {
    const printed = outputs[i]!.split("\n").filter((line) => line.trim());
    expect({ command: step.command, printed: printed.length }).toEqual({ command: step.command, printed: step.expected.length });
    for (const [j, line] of step.expected.entries()) expect(printed[j]!).toMatch(shape(local(line)));
  });
});

test("every file of the repository the README names exists (a path with a folder, a Markdown file, a link)", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const named = [
    ...[...readme.matchAll(/`([\w.-]+(?:\/[\w.-]+)*\.(?:ts|md|json|sh|toml))`/g)]
      .map((m) => m[1]!)
      .filter((p) => p.includes("/") || p.endsWith(".md")),
    ...[...readme.matchAll(/\]\(([^)#:]+)\)/g)].map((m) => m[1]!).filter((p) => !p.startsWith("/")),
  ];
  expect(named).toContain("docs/SPEC.md");
  expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
});

/** Signs a browser in to the portal by opening a sign-in link and pressing Continue; what the board then shows. */
async function signedInWith(link: string): Promise<{ status: number; board: string }> {
  const b = new FormBrowser(`http://localhost:${port}`);
  const opened = await b.submit(await (await b.fetch(link)).text(), {});
  return { status: opened.status, board: await (await b.fetch("/p/demo")).text() };
}

test("the README's visitor sign-in link, made as written, prints what the README shows and signs Vera in to the portal", async () => {
  cli("portal", "enable", "DEMO");
  const [step] = shellBlock("**Trying it as a visitor on your machine.**");
  const printed = Bun.spawnSync(["sh", "-c", step!.command], { cwd: ROOT, env }).stdout.toString().trimEnd().split("\n");
  expect(printed.length).toBe(step!.expected.length);
  for (const [j, line] of step!.expected.entries()) expect(printed[j]!).toMatch(shape(local(line)));
  const { status, board } = await signedInWith(printed.at(-1)!);
  expect({ status, signedIn: board.includes("vera@example.com") && board.includes("Sign out") }).toEqual({ status: 303, signedIn: true });
});

test("the README's single sign-on link, made as written with the portal's SSO secret, signs Vera in to the portal", async () => {
  cli("portal", "enable", "DEMO");
  const secret = /psso_\S+/.exec(cli("portal", "sso-secret", "DEMO"))![0];
  const [step] = shellBlock("**Testing your own single sign-on.**");
  const command = step!.command.replace("SSO_SECRET=psso_…", `SSO_SECRET=${secret}`).replaceAll("localhost:3000", `localhost:${port}`);
  const link = Bun.spawnSync(["sh", "-c", command], { cwd: ROOT, env }).stdout.toString().trim();
  const signIn = await fetch(link, { redirect: "manual" });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const board = await (await fetch(`http://localhost:${port}/p/demo`, { headers: { cookie } })).text();
  expect({ status: signIn.status, signedIn: board.includes("Vera") && board.includes("Sign out") }).toEqual({ status: 303, signedIn: true });
});

test("the README's publishing of DEMO-1 and the portal's look-alikes, run as written once DEMO-1 is open again, print what the README shows", async () => {
  const token = JSON.parse(cli("demo", "--json")).tokens.admin as string;
  cli("portal", "enable", "DEMO");
  // The walk-through leaves DEMO-1 delivered; the README's bulk example in "Triage" opens it again.
  const reopened = await fetch(`http://localhost:${port}/v1/feedbacks/DEMO-1`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ status: "prioritized" }),
  });
  expect(reopened.status).toBe(200);
  const [publish] = shellBlock("### Publishing and replying");
  const [similar] = shellBlock("The post form's look-alikes");
  for (const step of [publish!, similar!]) {
    const run = Bun.spawnSync(["bash", "-c", local(step.command)], { cwd: ROOT, env: { ...env, TOKEN: token } });
    const printed = run.stdout
      .toString()
      .split("\n")
      .filter((line) => line.trim());
    expect({ command: step.command, printed: printed.length }).toEqual({ command: step.command, printed: step.expected.length });
    for (const [j, line] of step.expected.entries()) expect(printed[j]!).toMatch(shape(local(line)));
  }
});
