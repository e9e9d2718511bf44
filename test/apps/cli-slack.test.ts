import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { scratchDir } from "../support/scratch.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** The CLI as an operator runs it, parsing its own command line. */
function cli(dataDir: string, ...args: string[]) {
  const run = Bun.spawnSync([process.execPath, join(ROOT, "apps/cli/main.ts"), ...args], { env: { ...process.env, DATA_DIR: dataDir } });
  return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() };
}

describe("cli slack set", () => {
  test("connects the organization's Slack app with every option, and prints the three request URLs naming the organization", () => {
    const dataDir = scratchDir("cli-slack");
    const demo = JSON.parse(cli(dataDir, "demo", "--json").out);
    const set = cli(
      dataDir,
      "slack",
      "set",
      "DEMO",
      "--signing-secret",
      "s3cr3t",
      "--bot-token",
      "xoxb-1",
      "--app",
      demo.appId,
      "--channel",
      "C0FEED",
      "--kinds",
      "problem,idea",
      "--min-severity",
      "P1",
      "--api-url",
      "http://127.0.0.1:9/api",
    );
    expect(set.err).toBe("");
    expect(set.out).toContain(`Slack connected to DEMO; reports go to ${demo.appId}`);
    expect(set.out).toContain("notices go to C0FEED");
    expect(set.out).toContain(`  slash command /retour  http://localhost:3000/integrations/slack/commands?org=${demo.orgId}`);
    expect(set.out).toContain(`  interactivity          http://localhost:3000/integrations/slack/interactions?org=${demo.orgId}`);
    expect(set.out).toContain(`  events                 http://localhost:3000/integrations/slack/events?org=${demo.orgId}`);
  });

  test("without both secrets, or with a kind or severity it does not know, it refuses with one line", () => {
    const dataDir = scratchDir("cli-slack");
    cli(dataDir, "demo", "--json");
    expect(cli(dataDir, "slack", "set", "DEMO", "--bot-token", "xoxb-1")).toMatchObject({
      code: 2,
      err: expect.stringContaining("--signing-secret and --bot-token are required"),
    });
    expect(cli(dataDir, "slack", "set", "DEMO", "--signing-secret", "s", "--bot-token", "t", "--kinds", "bugs")).toMatchObject({
      code: 2,
      err: expect.stringContaining("each of --kinds must be one of problem, idea, praise"),
    });
    expect(cli(dataDir, "slack", "set", "DEMO", "--signing-secret", "s", "--bot-token", "t", "--min-severity", "high")).toMatchObject({
      code: 2,
      err: expect.stringContaining("--min-severity must be one of P0, P1, P2, P3"),
    });
  });
});
