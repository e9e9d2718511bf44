import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { join } from "node:path";
import { UsageError } from "../../apps/cli/commands.ts";
import { FakeSlack } from "../support/fake-slack.ts";
import { type InProcess, inProcess } from "../support/in-process.ts";
import { scratchDir } from "../support/scratch.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** The CLI as an operator runs it, parsing its own command line. */
function cli(dataDir: string, ...args: string[]) {
  const run = Bun.spawnSync([process.execPath, join(ROOT, "apps/cli/main.ts"), ...args], { env: { ...process.env, DATA_DIR: dataDir } });
  return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() };
}

// The demo organization in a data directory of its own, which the spawned CLI opens too.
const dataDir = scratchDir("cli-slack");
let app: InProcess;
/** An organization of its own, for the cases that must find it without Slack. */
let acme: { orgId: string };
beforeAll(async () => {
  app = await inProcess({ env: { DATA_DIR: dataDir } });
  const created = await app.cli("org", "create", "Acme", "--prefix", "ACME");
  acme = { orgId: /^organization (\S+) /.exec(created)![1]! };
});
afterAll(() => app.close());

describe("cli slack set", () => {
  test("connects the organization's Slack app with every option, and prints the three request URLs naming the organization", async () => {
    const { demo } = app;
    // What the command writes to standard error, in this process.
    const complaints: unknown[][] = [];
    const onError = spyOn(console, "error").mockImplementation((...line) => void complaints.push(line));
    const onWarning = spyOn(console, "warn").mockImplementation((...line) => void complaints.push(line));
    const out = await app
      .cli(
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
      )
      .finally(() => {
        onError.mockRestore();
        onWarning.mockRestore();
      });
    expect(complaints).toEqual([]);
    // The operator reads the app's name, as tracker set and features import print it, not the id given.
    expect(out).toContain("Slack connected to DEMO; reports go to Demo app\n");
    expect(out).toContain("notices go to C0FEED");
    expect(out).toContain(`  slash command /retour  http://localhost:3000/integrations/slack/commands?org=${demo.orgId}`);
    expect(out).toContain(`  interactivity          http://localhost:3000/integrations/slack/interactions?org=${demo.orgId}`);
    expect(out).toContain(`  events                 http://localhost:3000/integrations/slack/events?org=${demo.orgId}`);
    // Those addresses are http: Slack would refuse them, which the settings page says too.
    expect(out).toContain("warning: Slack calls public https addresses only, and these are made of BASE_URL (http://localhost:3000)");
  });

  test("a bot token Slack refuses when asked (auth.test) is refused with the one line of a usage error (exit code 2) naming --bot-token, and nothing is stored", async () => {
    const slack = new FakeSlack().start();
    try {
      // In process: the fake Slack answers from this process, which a spawned CLI would hold up.
      const refused = await app
        .cli("slack", "set", "ACME", "--signing-secret", "s3cr3t", "--bot-token", "xoxb-revoked", "--api-url", slack.apiUrl)
        .then(
          () => null,
          (error: unknown) => ({ usage: error instanceof UsageError, message: (error as Error).message }),
        );
      expect(refused).toEqual({
        usage: true,
        message:
          "--bot-token: refused by the service it is for (it answered: An API error occurred: invalid_auth): check that it is the whole token, and that it is not revoked or expired.",
      });
      expect(slack.callsOf("auth.test").length).toBe(1);
      expect(await app.services.store.findSlackConnection(acme.orgId)).toBeNull();
    } finally {
      slack.stop();
    }
  });

  test("when Slack cannot be reached to check the bot token, the settings are saved, and a line says the token went unchecked", async () => {
    const out = await app.cli("slack", "set", "ACME", "--signing-secret", "s3cr3t", "--bot-token", "xoxb-1", "--api-url", "http://127.0.0.1:9/api");
    expect(out).toMatch(
      /\nwarning: saved, but Slack could not be reached to check the bot token \([^)]+\); Settings → Slack shows a notice that fails\n/,
    );
    expect(await app.services.store.findSlackConnection(acme.orgId)).not.toBeNull();
  });

  test("set again without --api-url, the organization's Slack is the operator's (SLACK_API_URL) again", async () => {
    await app.cli("slack", "set", "ACME", "--signing-secret", "s3cr3t", "--bot-token", "xoxb-1", "--api-url", "http://127.0.0.1:9/api");
    expect((await app.services.store.findSlackConnection(acme.orgId))?.apiUrl).toBe("http://127.0.0.1:9/api");
    await app.cli("slack", "set", "ACME", "--signing-secret", "s3cr3t", "--bot-token", "xoxb-1");
    expect((await app.services.store.findSlackConnection(acme.orgId))?.apiUrl).toBeUndefined();
  });

  test("without both secrets, or with a kind or severity it does not know, it refuses with one line", async () => {
    // The CLI process itself: a refusal is one line on standard error, exit code 2, and nothing on standard output.
    expect(cli(dataDir, "slack", "set", "DEMO", "--bot-token", "xoxb-1")).toMatchObject({
      code: 2,
      out: "",
      err: expect.stringContaining("--signing-secret and --bot-token are required"),
    });
    // In process, the same command refuses with the error the CLI turns into that line and that code.
    const refusal = (...args: string[]) =>
      app.cli("slack", "set", "DEMO", "--signing-secret", "s", "--bot-token", "t", ...args).then(
        () => null,
        (error: unknown) => ({ usage: error instanceof UsageError, message: String(error) }),
      );
    expect(await refusal("--kinds", "bugs")).toEqual({
      usage: true,
      message: expect.stringContaining("each of --kinds must be one of problem, idea, praise"),
    });
    expect(await refusal("--min-severity", "high")).toEqual({
      usage: true,
      message: expect.stringContaining("--min-severity must be one of P0, P1, P2, P3"),
    });
  });
});
