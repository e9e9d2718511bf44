import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FakeGitHub } from "../support/fake-github.ts";
import { FakeJira } from "../support/fake-jira.ts";
import { FakeLinear } from "../support/fake-linear.ts";
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
/** A closed local port: the tracker is never reached from here, and the token is saved unchecked, whatever the network. */
const NOWHERE = ["--api-url", "http://127.0.0.1:9"];

describe("tracker set checks each tracker's settings before storing anything", () => {
  test("Linear needs the team's key and an API key", async () => {
    expect(await set("linear", "--token", "lin_api_x")).toBe("--team must be the team's key, as ENG in ENG-12");
    expect(await set("linear", "--team", "ENG-12", "--token", "lin_api_x")).toBe("--team must be the team's key, as ENG in ENG-12");
    expect(await set("linear", "--team", "ENG")).toBe("--token is required (a Linear API key, lin_api_…)");
    expect(await stored()).toBeNull();
  });

  test("GitHub needs the repository as owner/name, and a bridge its project and address", async () => {
    expect(await set("github", "--repo", "shop", "--token", "t")).toBe("--repo must be owner/repository");
    expect(await set("bridge", "--project", "ops", "--url", "bridge.test")).toBe("a bridge needs --project NAME and --url https://…");
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
    expect(await set("github", "--repo", "acme/shop", "--token", "t", "--statuses", "fixed=Done")).toStartWith(
      "--statuses is for linear and jira, not github",
    );
    expect(await stored()).toBeNull();
  });

  test("an option of another tracker is refused, naming the tracker it is for, and nothing is stored", async () => {
    expect(await set("github", "--repo", "acme/shop", "--token", "t", "--site", "acme", ...NOWHERE)).toBe(
      "--site is for jira, not github (github takes --repo, --token, --api-url and --webhook-secret)",
    );
    expect(await set("linear", "--team", "ENG", "--token", "lin_api_x", "--project", "ENG", ...NOWHERE)).toStartWith(
      "--project is for bridge and jira, not linear",
    );
    expect(await set("bridge", "--project", "ops", "--url", "https://bridge.test", "--token", "t")).toStartWith(
      "--token is for github, linear and jira, not bridge",
    );
    expect(await stored()).toBeNull();
  });

  test("tracker statuses refuses an app without a tracker, or with GitHub, and names an app the organization does not have", async () => {
    expect(await cliFails("tracker", "statuses", "DEMO", "app-nope")).toBe("no app app-nope in DEMO (app list DEMO shows them)");
    expect(await cliFails("tracker", "statuses", "DEMO", server.demo.appId)).toBe("this app has no tracker yet (tracker set …)");
    await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop", "--token", "t", ...NOWHERE);
    expect(await cliFails("tracker", "statuses", "DEMO", server.demo.appId, "fixed=Done")).toContain(
      "a status mapping is for Linear and Jira states",
    );
  });
});

describe("tracker set asks the tracker whether it takes the token for the project, before storing anything", () => {
  const github = new FakeGitHub().start();
  const linear = new FakeLinear().start();
  const jira = new FakeJira().start();
  // The app starts without a tracker: what each case stores, or not, is then its own.
  beforeAll(() => server.cli("tracker", "remove", "DEMO", server.demo.appId).catch(() => ""));
  afterAll(() => {
    for (const fake of [github, linear, jira]) fake.stop();
  });
  const onGithub = (repo: string, token: string) => set("github", "--repo", repo, "--token", token, "--api-url", github.url);

  test("a token GitHub refuses is said by --token, with GitHub's answer, and nothing is stored", async () => {
    expect(await onGithub("acme/shop", "ghp_revoked")).toBe(
      "--token: refused by the service it is for (it answered: Bad credentials - https://docs.github.com/rest): check that it is the whole token, and that it is not revoked or expired.",
    );
    expect(await stored()).toBeNull();
  });

  test("a repository GitHub does not show the token is said by --repo; a token whose account may only read it, by --token", async () => {
    expect(await onGithub("acme/elsewhere", github.token)).toStartWith(
      "--repo: the service shows this token no such project (it answered: Not Found): check the name",
    );
    github.permissions = { admin: false, maintain: false, push: false, triage: false, pull: true };
    try {
      expect(await onGithub("acme/shop", github.token)).toStartWith(
        "--token: the service says this token's account may not write issues there (it answered: permissions on acme/shop:",
      );
    } finally {
      github.permissions = { admin: false, maintain: false, push: true, triage: true, pull: true };
    }
    expect(await stored()).toBeNull();
  });

  test("Linear: a team the key does not see is said by --team; Jira: an account without the permissions Retour uses, by --token", async () => {
    expect(await set("linear", "--team", "OPS", "--token", linear.token, "--api-url", linear.url)).toBe(
      "--team: the service shows this token no such project (it answered: no team with the key OPS among the teams this key sees): check the name, and that the token's account may see it.",
    );
    jira.lacking.add("TRANSITION_ISSUES");
    const jiraSet = ["jira", "--site", "acme", "--project", "SHOP", "--email", jira.email, "--token", jira.token, "--api-url", jira.url];
    try {
      expect(await set(...jiraSet)).toStartWith(
        "--token: the service says this token's account may not write issues there (it answered: the account lacks TRANSITION_ISSUES in SHOP)",
      );
    } finally {
      jira.lacking.clear();
    }
    expect(await stored()).toBeNull();
  });

  test("a tracker that cannot be reached (the machine may be offline) leaves the settings stored, and a line says the token went unchecked", async () => {
    const printed = await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop", "--token", "t", ...NOWHERE);
    expect(printed).toMatch(
      /\nwarning: saved, but github could not be reached to check the token \([^)]+\); Settings → Apps shows a sync that fails\n$/,
    );
    expect((await stored())?.provider).toBe("github");
    await server.cli("tracker", "remove", "DEMO", server.demo.appId);
  });

  test("a token the tracker takes is stored, and nothing warns", async () => {
    const printed = await server.cli(
      "tracker",
      "set",
      "DEMO",
      server.demo.appId,
      "github",
      "--repo",
      "acme/shop",
      "--token",
      github.token,
      "--api-url",
      github.url,
    );
    expect(printed).toContain("Demo app now tracks issues with github\n");
    expect(printed).not.toContain("warning");
    expect((await stored())?.provider).toBe("github");
    await server.cli("tracker", "remove", "DEMO", server.demo.appId);
  });
});

describe("tracker set again", () => {
  test("for the same tracker (a new token, the secret Linear chose) keeps the status mapping; for another tracker drops it", async () => {
    const linear = ["tracker", "set", "DEMO", server.demo.appId, "linear", "--team", "ENG", "--token", "lin_api_x", ...NOWHERE];
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
      ...NOWHERE,
    );
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain("fixed → (default: the first completed state)\n");
  });
  test("for the same tracker without --webhook-secret (a new token) keeps the webhook secret, so the tracker's webhook needs no change", async () => {
    const secretOf = (printed: string) => /, secret:\n(\S+)\n/.exec(printed)?.[1];
    const github = ["tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop", ...NOWHERE];
    const first = secretOf(await server.cli(...github, "--token", "ghp_expiring"));
    const again = await server.cli(...github, "--token", "ghp_renewed");
    expect(secretOf(again)).toBe(first!);
    expect(again).toContain("the secret it had: the tracker's webhook needs no change");
    expect(secretOf(await server.cli(...github, "--token", "ghp_renewed", "--webhook-secret", "chosen"))).toBe("chosen");
  });
});

describe("tracker remove", () => {
  test("the app then follows no tracker; removing it again says there is none", async () => {
    await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/app", "--token", "ghp_x", ...NOWHERE);
    expect(await server.cli("tracker", "remove", "DEMO", server.demo.appId)).toBe(
      "Demo app no longer tracks issues; the issues its feedbacks link to stay linked\n",
    );
    expect(await stored()).toBeNull();
    expect(await cliFails("tracker", "remove", "DEMO", server.demo.appId)).toBe(
      "This app has no issue tracker: an Admin connects one in Settings → Apps (or an operator with the CLI).",
    );
    expect(await cliFails("tracker", "remove", "DEMO", "app_nope")).toBe("no app app_nope in DEMO (app list DEMO shows them)");
  });
});
