import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

const ADMIN = "admin@demo.test";
const roles = async () => (await server.cli("member", "list", "DEMO")).trim();
const cliFails = (...args: string[]) =>
  server.cli(...args).then(
    () => "",
    (error: Error) => error.message,
  );

describe("an organization keeps an Admin", () => {
  test("the web: the last Admin demoting themselves is refused with a clear message, and stays Admin", async () => {
    const browser = new FormBrowser(server.url, {}, server.handle);
    await signIn(browser, server.demo.users.admin.email, server.demo.users.admin.password, "/settings/members");
    const page = await (await browser.fetch("/settings/members")).text();
    const row = /<tr><td data-label="E-mail">admin@demo\.test<\/td>[\s\S]*?<\/tr>/.exec(page)![0];
    const refused = await browser.sendForm(row, "/settings/members/role", { role: "member" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("An organization needs at least one Admin: make another member Admin first.");
    expect(await roles()).toContain(`${ADMIN}  admin`);
  });

  test("the CLI: demoting or removing the last Admin is refused with the same message", async () => {
    expect(await cliFails("member", "role", "DEMO", ADMIN, "reader")).toContain("An organization needs at least one Admin");
    expect(await cliFails("member", "remove", "DEMO", ADMIN)).toContain("An organization needs at least one Admin");
    expect(await roles()).toContain(`${ADMIN}  admin`);
  });

  test("with a second Admin, the first may step down", async () => {
    await server.cli("member", "role", "DEMO", "member@demo.test", "admin");
    expect(await server.cli("member", "role", "DEMO", ADMIN, "member")).toContain(`${ADMIN} is member of DEMO`);
    await server.cli("member", "role", "DEMO", ADMIN, "admin");
    await server.cli("member", "role", "DEMO", "member@demo.test", "member");
  });
});

describe("a member removed", () => {
  test("loses their tokens for good: added again, the token they had stays refused and is listed revoked", async () => {
    await server.cli("user", "create", "lena@example.com", "--org", "DEMO", "--role", "member");
    const token = /rtr_\S+/.exec(await server.cli("token", "create", "DEMO", "lena@example.com"))![0];
    const apps = () => server.request("GET", "/v1/apps", { token });
    expect((await apps()).status).toBe(200);
    expect(await server.cli("member", "remove", "DEMO", "lena@example.com")).toContain("their tokens for it are revoked");
    expect((await apps()).status).toBe(401);
    await server.cli("member", "add", "DEMO", "lena@example.com", "member");
    expect((await apps()).status).toBe(401);
    expect((await server.cli("token", "list", "DEMO")).split("\n").filter((line) => line.includes("lena@example.com"))).toEqual([
      expect.stringContaining(" revoked "),
    ]);
  });
});

describe("cli demo", () => {
  test("without --json it prints the passwords it has just reset, and they sign in to the web app", async () => {
    const out = await server.cli("demo");
    expect(out).toContain(`Sign in at ${server.url}/login with the new passwords:`);
    const password = new RegExp(`${ADMIN}  (\\S+)`).exec(out)![1]!;
    const signedIn = await signIn(new FormBrowser(server.url, {}, server.handle), ADMIN, password, "/inbox");
    expect(signedIn.headers.get("location")).toBe("/inbox");
  });
});

describe("cli demo, run again", () => {
  const demoJson = async () => JSON.parse(await server.cli("demo", "--json")) as typeof server.demo;
  const liveDemoTokens = async () =>
    (await server.cli("token", "list", "DEMO")).split("\n").filter((line) => / active .*demo (admin|member|reader|read-only)$/.test(line));

  test("each run replaces the tokens the run before printed: those stop working, the new ones work", async () => {
    const before = await demoJson();
    const after = await demoJson();
    for (const role of ["admin", "member", "reader", "readOnly"] as const) {
      expect((await server.fetch(`${server.url}/v1/apps`, { headers: { authorization: `Bearer ${before.tokens[role]}` } })).status).toBe(401);
      expect((await server.fetch(`${server.url}/v1/apps`, { headers: { authorization: `Bearer ${after.tokens[role]}` } })).status).toBe(200);
    }
  });

  test("after two runs the organization holds four live demo tokens, not eight", async () => {
    await demoJson();
    await demoJson();
    expect(await liveDemoTokens()).toHaveLength(4);
  });
});

describe("cli users", () => {
  test("user create without --password prints a password once, and the person signs in with it", async () => {
    const out = await server.cli("user", "create", "zoe@acme.test", "--name", "Zoé");
    const [, password] = /password, shown once:\n(\S+)\n/.exec(out) ?? [];
    expect(password).toBeDefined();
    expect(out).toContain(`sign in at ${server.url}/login`);
    const signedIn = await signIn(new FormBrowser(server.url, {}, server.handle), "zoe@acme.test", password!, "/inbox");
    expect(signedIn.status).toBe(303);
  });

  test("user create with --password says where to sign in and prints no password", async () => {
    const out = await server.cli("user", "create", "yann@acme.test", "--password", "a chosen password");
    expect(out).toContain(`sign in at ${server.url}/login`);
    expect(out).not.toContain("shown once");
  });

  test("user create keeps the e-mail in lower case, refuses a short password and a taken e-mail", async () => {
    expect(await cliFails("user", "create", "Short@Example.com", "--password", "short")).toContain("at least 10 characters");
    expect(await server.cli("user", "create", "  New.Person@Example.COM", "--password", "a long enough one")).toContain("new.person@example.com");
    expect(await cliFails("user", "create", "new.person@example.com")).toContain(
      "a person with the e-mail new.person@example.com exists: add them to an organization with member add <org> new.person@example.com <admin|member|reader>, or give a new password with user password new.person@example.com",
    );
    expect(await server.cli("user", "password", "NEW.PERSON@example.com")).toContain("new password of new.person@example.com, shown once");
  });
});
