import { afterEach, expect, jest, test } from "bun:test";
import type { PanelHost } from "../../apps/widget/panel-host.ts";
import { scopeOf } from "../../apps/widget/panel-scope.ts";

/**
 * The panel's scope for a person the site identified, on a page whose requests go to `fetch` as the
 * test sets it; the site's events land in `emitted`, the status line's text in `status`.
 */
function identified(status = {} as HTMLElement) {
  const emitted: unknown[][] = [];
  const host = {
    base: "https://retour.example",
    key: "widget_k",
    user: { token: "t" } as { token?: string },
    emit: (...event: unknown[]) => emitted.push(event),
    portal: () => undefined,
  };
  return { panel: scopeOf(host as unknown as PanelHost, "en", {} as HTMLElement, status), emitted, user: host.user };
}
const scope = () => identified().panel;

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

test("the Ideas tab learns the person's votes with their counts now", async () => {
  globalThis.fetch = (async () => Response.json({ voted: [{ key: "DEMO-2", votes: 4 }] })) as unknown as typeof fetch;
  expect([...(await scope().voted(["DEMO-1", "DEMO-2"]))]).toEqual([["DEMO-2", 4]]);
});

test("the Ideas tab whose token the service refuses when it asks for the person's votes lists the ideas without them, and the site's error event gets the service's {error, code}", async () => {
  const refusal = { error: "The single sign-on token is refused: the token has expired …", code: "invalid_sso_token" };
  globalThis.fetch = (async () => Response.json(refusal, { status: 401 })) as unknown as typeof fetch;
  const { panel, emitted } = identified();
  expect([[...(await panel.voted(["DEMO-1"]))], emitted]).toEqual([[], [["error", refusal]]]);
});

test("the Ideas tab waits a little while only for the person's votes: a service that does not answer leaves the ideas listed without them", async () => {
  let asked = false;
  globalThis.fetch = (() => {
    asked = true;
    return new Promise(() => undefined);
  }) as unknown as typeof fetch;
  // The wait's timer, run at once.
  const waits = jest.spyOn(globalThis, "setTimeout").mockImplementation(((run: () => void) => queueMicrotask(run)) as never);
  expect([...(await scope().voted(["DEMO-1"]))]).toEqual([]);
  expect([asked, waits.mock.calls.length]).toEqual([true, 1]);
});

test("a vote whose token the service refuses tells the person to reload the page, without claiming the token expired (a forged or incomplete one is refused alike), and the site's error event gets the service's {error, code}", async () => {
  const refusal = { error: "The single sign-on token is invalid or has expired: …", code: "invalid_sso_token" };
  globalThis.fetch = (async () => Response.json(refusal, { status: 401 })) as unknown as typeof fetch;
  const status = {} as HTMLElement;
  const { panel, emitted } = identified(status);
  expect(await panel.vote("DEMO-1")).toBeNull();
  expect([status.textContent, emitted]).toEqual(["Your sign-in for votes was not accepted. Reload the page, then vote again.", [["error", refusal]]]);
});

test("once the service refuses the site's token, whether asked for the person's votes or at a vote, votes are no longer offered with it; a token the site gives anew is", async () => {
  const refusal = { error: "The single sign-on token is invalid or has expired: …", code: "invalid_sso_token" };
  globalThis.fetch = (async () => Response.json(refusal, { status: 401 })) as unknown as typeof fetch;
  const asked = identified();
  const cast = identified();
  const before = [asked.panel.identified(), cast.panel.identified()];
  await asked.panel.voted(["DEMO-1"]);
  await cast.panel.vote("DEMO-1");
  const refused = [asked.panel.identified(), asked.panel.tokenRefused(), cast.panel.identified(), cast.panel.tokenRefused()];
  asked.user.token = "a fresh one";
  expect([before, refused, asked.panel.identified()]).toEqual([[true, true], [false, true, false, true], true]);
});

test("a refusal of the person's votes for another reason than the token leaves votes offered", async () => {
  globalThis.fetch = (async () => Response.json({ error: "Too many requests.", code: "rate_limited" }, { status: 429 })) as unknown as typeof fetch;
  const { panel } = identified();
  await panel.voted(["DEMO-1"]);
  expect([panel.identified(), panel.tokenRefused()]).toEqual([true, false]);
});

test("a vote pressed after the service refused the token is not asked: the person is told to reload the page, and the site's error event heard of the refusal once", async () => {
  const refusal = { error: "The single sign-on token is invalid or has expired: …", code: "invalid_sso_token" };
  let asked = 0;
  globalThis.fetch = (async () => {
    asked++;
    return Response.json(refusal, { status: 401 });
  }) as unknown as typeof fetch;
  const status = {} as HTMLElement;
  const { panel, emitted } = identified(status);
  await panel.voted(["DEMO-1"]);
  expect(await panel.vote("DEMO-1")).toBeNull();
  expect([asked, status.textContent, emitted]).toEqual([
    1,
    "Your sign-in for votes was not accepted. Reload the page, then vote again.",
    [["error", refusal]],
  ]);
});

test("a token the site gives anew while the service refuses the one asked with is not taken for refused: votes are offered with it", async () => {
  const { panel, user } = identified();
  // The site identifies the person anew (`Retour.identify`) while each request is on its way.
  globalThis.fetch = (async () => {
    user.token = `${user.token}+fresh`;
    return Response.json({ error: "The single sign-on token is refused …", code: "invalid_sso_token" }, { status: 401 });
  }) as unknown as typeof fetch;
  await panel.voted(["DEMO-1"]);
  const afterVoted = [panel.tokenRefused(), panel.identified()];
  await panel.vote("DEMO-1");
  expect([afterVoted, [panel.tokenRefused(), panel.identified()]]).toEqual([
    [false, true],
    [false, true],
  ]);
});
