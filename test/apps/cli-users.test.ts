import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { COMMANDS, UsageError } from "../../apps/cli/commands.ts";
import { FormBrowser, signIn } from "../support/browser.ts";
import { inProcess, type InProcess } from "../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** Runs one CLI command on the test's services: what it printed, or its refusal. */
async function cli(command: string, args: string[], options: Record<string, string> = {}): Promise<string> {
  const lines: string[] = [];
  try {
    await COMMANDS[command]!(http.services, { args, options }, (l) => lines.push(l));
    return lines.join("\n");
  } catch (error) {
    if (error instanceof UsageError) return `refused: ${error.message}`;
    throw error;
  }
}

const browser = () => new FormBrowser("http://localhost:3000", {}, (r) => http.handle(r));
const passwordIn = (out: string) => /password, shown once:\n(\S+)/.exec(out)?.[1] ?? /shown once:\n(\S+)/.exec(out)![1]!;

describe("cli user create: the new person knows where they stand", () => {
  test("without --org, it says the person belongs to no organization and prints the command that adds them", async () => {
    const out = await cli("user create", ["nora@acme.test"]);
    expect(out).toContain(
      "nora@acme.test belongs to no organization yet; an Admin adds them with:\n  member add <org> nora@acme.test <admin|member|reader>",
    );
  });

  test("with --org and --role, the person joins that organization and signs in to its inbox", async () => {
    const out = await cli("user create", ["omar@acme.test"], { org: "DEMO", role: "member" });
    expect(out).toContain("omar@acme.test is member of DEMO");
    expect(out).not.toContain("no organization");
    const b = browser();
    await signIn(b, "omar@acme.test", passwordIn(out), "/inbox");
    expect((await b.fetch("/inbox")).status).toBe(200);
  });

  test("--org without --role, or an unknown organization, is refused before anyone is made", async () => {
    expect(await cli("user create", ["pia@acme.test"], { org: "DEMO" })).toBe("refused: give --org and --role together");
    expect(await cli("user create", ["pia@acme.test"], { org: "NOPE", role: "member" })).toContain('refused: no organization "NOPE"');
    expect(await cli("user create", ["pia@acme.test"], { org: "DEMO", role: "owner" })).toContain("refused: --role must be one of");
    expect(await cli("user password", ["pia@acme.test"])).toContain("refused: no user with e-mail pia@acme.test");
  });

  test("an address that is not one is refused naming the field, in the command's words, not the API's", async () => {
    expect(await cli("user create", ["notanemail"])).toBe("refused: email: expected an e-mail address such as ann@example.com.");
  });
});

describe("cli invite", () => {
  test("without --role, it says the option is missing and which roles there are, with the command's usage", async () => {
    const refused = await COMMANDS.invite!(http.services, { args: ["DEMO", "lena@example.com"], options: {} }, () => {}).catch((e: Error) => e);
    expect([refused?.constructor.name, (refused as Error).message]).toEqual(["MissingArgument", "missing --role: one of admin, member, reader"]);
  });
});

describe("the page of a person of no organization", () => {
  test("says what to do next and offers to sign out, in English and in French", async () => {
    const out = await cli("user create", ["quinn@acme.test"]);
    const b = browser();
    await signIn(b, "quinn@acme.test", passwordIn(out), "/inbox");
    const english = await (await b.fetch("/inbox", { headers: { "accept-language": "en" } })).text();
    expect(english).toContain("You are not a member of any organization yet.");
    expect(english).toContain("Ask an Admin of your organization to invite you from Settings → Members");
    expect(english).toContain("npm run cli -- member add &lt;org&gt; quinn@acme.test member");
    const french = await (await b.fetch("/inbox", { headers: { "accept-language": "fr" } })).text();
    expect(french).toContain("Demandez à un administrateur de votre organisation de vous inviter depuis Réglages → Membres");
    expect(french).toContain("Se déconnecter");
    const signOut = await b.submit(english, {}, undefined, { origin: "http://localhost:3000" });
    expect([signOut.status, signOut.headers.get("location")]).toEqual([303, "/login"]);
    expect((await b.fetch("/inbox")).headers.get("location")).toStartWith("/login");
  });
});

describe("a password set from the command line ends the person's web sessions", () => {
  test("after cli user password, a browser signed in as that person is sent to sign in", async () => {
    const out = await cli("user create", ["ruth@acme.test"], { org: "DEMO", role: "member" });
    const b = browser();
    await signIn(b, "ruth@acme.test", passwordIn(out), "/inbox");
    expect((await b.fetch("/inbox")).status).toBe(200);
    await cli("user password", ["ruth@acme.test"]);
    const after = await b.fetch("/inbox");
    expect([after.status, after.headers.get("location")]).toEqual([303, "/login?next=%2Finbox"]);
  });

  test("cli demo, which resets the demo passwords, signs the demo member's browsers out", async () => {
    const b = browser();
    await signIn(b, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
    expect((await b.fetch("/inbox")).status).toBe(200);
    await cli("demo", [], { json: "true" });
    expect((await b.fetch("/inbox")).status).toBe(303);
  });
});
