import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";
import { scratchDir } from "../../support/scratch.ts";

let server: InProcess;
let free: { token: string; key: string };
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeAll(async () => {
  server = await inProcess();
  await server.cli("org", "create", "Freebie", "--prefix", "FREE", "--plan", "free");
  const appId = /^app (\S+)/m.exec(await server.cli("app", "create", "FREE", "Free app"))![1]!;
  const channel = (await server.cli("channel", "create", "FREE", appId)).trim();
  await server.cli("user", "create", "owner@free.test");
  await server.cli("member", "add", "FREE", "owner@free.test", "admin");
  const { token } = JSON.parse(await server.cli("token", "create", "FREE", "owner@free.test", "--json"));
  const key = (
    await post(`${server.url}/v1/reports`, { publicKey: channel, kind: "problem", message: "Free plan probe", url: "https://free.example/x" })
  ).body.ticketId;
  free = { token, key };
});
afterAll(() => server.close());
const { get, post } = jsonClient(() => server);
const send = (url: string, init?: RequestInit) => server.fetch(url, init);

async function mcpGetFeedback(token: string, key: string) {
  const res = await send(`${server.url}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_feedback", arguments: { key } } }),
  });
  return ((await res.json()) as any).result;
}

describe("full context by plan", () => {
  test("free plan: null over REST, and the MCP tool says the context is absent", async () => {
    expect((await get(`${server.url}/v1/feedbacks/${free.key}`, free.token)).body.fullContext).toBeNull();
    const result = await mcpGetFeedback(free.token, free.key);
    expect(result.structuredContent.fullContext).toBeNull();
    expect(result.content[0].text).toContain("The full debugging context is absent");
  });

  test("the offline assistant's diagnostic of a report written in French is in French", async () => {
    const key = (
      await post(`${server.url}/v1/reports`, {
        publicKey: server.demo.publicKey,
        kind: "problem",
        message: "Le paiement par carte est refusé et je ne peux pas payer",
        url: "https://shop.example/payer",
      })
    ).body.ticketId;
    await server.runJobs();
    const { diagnostic } = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.fullContext;
    expect(diagnostic).toEqual({
      where: "checkout/payment · https://shop.example/payer",
      probableCause: "Une vérification qui refuse une saisie valide",
      suggestedAction: "Commencer par src/checkout/payment.ts (charge)",
    });
  });

  test("enterprise plan: the feature with its code files, the qualification, the page, and signed links to the screenshot and replay", async () => {
    const key = (
      await post(`${server.url}/v1/reports`, {
        publicKey: server.demo.publicKey,
        kind: "problem",
        message: "My card payment is refused at checkout",
        url: "https://shop.example/pay",
      })
    ).body.ticketId;
    const dir = scratchDir("attach");
    writeFileSync(join(dir, "shot.png"), PNG);
    writeFileSync(join(dir, "replay.json"), JSON.stringify({ events: [1, 2, 3] }));
    expect(await server.cli("attach", "DEMO", key, join(dir, "shot.png"))).toContain("screenshot attached (11 bytes, image/png)");
    await server.cli("attach", "DEMO", key, join(dir, "replay.json"), "--kind", "replay");
    // A screenshot that is no image, whatever its name, or a key the organization does not have, is refused by name.
    writeFileSync(join(dir, "notes.png"), "not an image");
    for (const file of ["replay.json", "notes.png"])
      await expect(server.cli("attach", "DEMO", key, join(dir, file))).rejects.toThrow(
        `a screenshot is a PNG, JPEG or WebP image, and ${join(dir, file)} is none of these`,
      );
    // An image is one by its bytes, whatever its name.
    writeFileSync(join(dir, "shot.txt"), PNG);
    expect(await server.cli("attach", "DEMO", key, join(dir, "shot.txt"))).toContain("screenshot attached (11 bytes, image/png)");
    await expect(server.cli("attach", "DEMO", "DEMO-999", join(dir, "shot.png"))).rejects.toThrow("no feedback DEMO-999 in DEMO");
    // The triage job places the report on its feature and writes the diagnostic.
    await server.runJobs();
    const context = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.fullContext;
    expect(context.page).toEqual({ url: "https://shop.example/pay" });
    expect(context.diagnostic).toEqual({
      where: "checkout/payment · https://shop.example/pay",
      probableCause: "A check that rejects valid input",
      suggestedAction: "Start with src/checkout/payment.ts (charge)",
    });
    expect(context.feature).toMatchObject({
      id: "feat-checkout-payment",
      path: "checkout/payment",
      code: [{ path: "src/checkout/payment.ts", symbol: "charge" }],
    });
    expect(Date.parse(context.screenshot.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const shot = await send(context.screenshot.url);
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await shot.arrayBuffer())).toEqual(PNG);
    expect(await (await send(context.replay.url)).json()).toEqual({ events: [1, 2, 3] });
    const mcp = await mcpGetFeedback(server.demo.tokens.admin, key);
    expect(mcp.structuredContent.fullContext.feature.path).toBe("checkout/payment");
  });

  test("a signed link is refused once changed, and once expired: it opens a second before its 15 minutes end, not after", async () => {
    const key = (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message: "Blurry product photos" })).body
      .ticketId;
    const dir = scratchDir("attach");
    writeFileSync(join(dir, "shot.png"), PNG);
    await server.cli("attach", "DEMO", key, join(dir, "shot.png"));
    const url: string = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.fullContext.screenshot.url;
    const tampered = url.replace(/exp=(\d+)/, (_, exp) => `exp=${Number(exp) + 60_000}`);
    const refused = await send(tampered);
    expect([refused.status, ((await refused.json()) as any).code]).toEqual([403, "invalid_link"]);
    expect((await send(url)).status).toBe(200);
    server.advanceClock(15 * 60_000 - 1_000);
    expect((await send(url)).status).toBe(200);
    server.advanceClock(2_000);
    const expired = await send(url);
    expect([expired.status, ((await expired.json()) as any).code]).toEqual([403, "invalid_link"]);
  });
});
