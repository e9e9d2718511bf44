import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

const cliFails = (...args: string[]) =>
  server.cli(...args).then(
    () => "",
    (error: Error) => error.message,
  );
const set = (...options: string[]) => cliFails("tracker", "set", "DEMO", server.demo.appId, ...options);
const stored = () => server.services.store.findAppTracker(server.demo.orgId, server.demo.appId);

describe("tracker set checks each tracker's settings before storing anything", () => {
  test("Linear needs the team's key and an API key", async () => {
    expect(await set("linear", "--token", "lin_api_x")).toBe("--team must be the team's key, as ENG in ENG-12");
    expect(await set("linear", "--team", "ENG-12", "--token", "lin_api_x")).toBe("--team must be the team's key, as ENG in ENG-12");
    expect(await set("linear", "--team", "ENG")).toBe("--token is required (a Linear API key, lin_api_…)");
    expect(await stored()).toBeNull();
  });

  test("Jira needs the site, the project's key and the account's e-mail", async () => {
    const jira = ["jira", "--site", "acme", "--project", "SHOP", "--email", "ops@acme.test", "--token", "t"];
    const without = (option: string) => jira.filter((_, i) => jira[i] !== option && jira[i - 1] !== option);
    expect(await set(...without("--site"))).toBe("--site must be the Jira Cloud site, as acme or acme.atlassian.net");
    expect(await set(...without("--project"))).toBe("--project must be the Jira project's key, as SHOP in SHOP-12");
    expect(await set(...without("--email"))).toBe("--email must be the e-mail of the Atlassian account the token belongs to");
    expect(await set(...jira, "--api-url", "ftp://jira.test")).toBe("--api-url must be an http(s) address");
    expect(await stored()).toBeNull();
  });

  test("a status mapping names known statuses, and only for Linear and Jira", async () => {
    expect(await set("linear", "--team", "ENG", "--token", "lin_api_x", "--statuses", "shipped=Done")).toBe("shipped: not a known field.");
    expect(await set("linear", "--team", "ENG", "--token", "lin_api_x", "--statuses", "Done")).toContain("Done is not status=State");
    expect(await set("github", "--repo", "acme/shop", "--token", "t", "--statuses", "fixed=Done")).toContain(
      "a status mapping is for Linear and Jira states",
    );
    expect(await stored()).toBeNull();
  });

  test("tracker statuses refuses an app without a tracker, or with GitHub, and names an app the organization does not have", async () => {
    expect(await cliFails("tracker", "statuses", "DEMO", "app-nope")).toBe("no app app-nope in DEMO (app list DEMO shows them)");
    expect(await cliFails("tracker", "statuses", "DEMO", server.demo.appId)).toBe("this app has no tracker yet (tracker set …)");
    await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop", "--token", "t");
    expect(await cliFails("tracker", "statuses", "DEMO", server.demo.appId, "fixed=Done")).toContain(
      "a status mapping is for Linear and Jira states",
    );
  });
});

describe("tracker set again", () => {
  test("for the same tracker (a new token, the secret Linear chose) keeps the status mapping; for another tracker drops it", async () => {
    const linear = ["tracker", "set", "DEMO", server.demo.appId, "linear", "--team", "ENG", "--token", "lin_api_x"];
    await server.cli(...linear, "--statuses", "fixed=In Review");
    await server.cli(...linear, "--webhook-secret", "chosen-by-linear");
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain("fixed → In Review\n");
    await server.cli(...linear, "--statuses", "fixed=QA");
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain("fixed → QA\n");
    await server.cli(
      "tracker",
      "set",
      "DEMO",
      server.demo.appId,
      "jira",
      "--site",
      "acme",
      "--project",
      "SHOP",
      "--email",
      "o@acme.test",
      "--token",
      "t",
    );
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain("fixed → (default: the first completed state)\n");
  });
  test("for the same tracker without --webhook-secret (a new token) keeps the webhook secret, so the tracker's webhook needs no change", async () => {
    const secretOf = (printed: string) => /, secret:\n(\S+)\n/.exec(printed)?.[1];
    const github = ["tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop"];
    const first = secretOf(await server.cli(...github, "--token", "ghp_expiring"));
    const again = await server.cli(...github, "--token", "ghp_renewed");
    expect(secretOf(again)).toBe(first!);
    expect(again).toContain("the secret it had: the tracker's webhook needs no change");
    expect(secretOf(await server.cli(...github, "--token", "ghp_renewed", "--webhook-secret", "chosen"))).toBe("chosen");
  });
});

describe("tracker remove", () => {
  test("the app then follows no tracker; removing it again says there is none", async () => {
    await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/app", "--token", "ghp_x");
    expect(await server.cli("tracker", "remove", "DEMO", server.demo.appId)).toBe(
      "Demo app no longer tracks issues; the issues its feedbacks link to stay linked\n",
    );
    expect(await stored()).toBeNull();
    expect(await cliFails("tracker", "remove", "DEMO", server.demo.appId)).toBe("This app has no issue tracker. An operator sets one with the CLI.");
    expect(await cliFails("tracker", "remove", "DEMO", "app_nope")).toBe("no app app_nope in DEMO (app list DEMO shows them)");
  });
});
