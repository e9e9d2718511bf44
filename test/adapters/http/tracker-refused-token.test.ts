import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Failure } from "../../../core/errors.ts";
import { FakeGitHub } from "../../support/fake-github.ts";
import { type InProcess, inProcess } from "../../support/in-process.ts";

const github = new FakeGitHub();
/** What the server's log is given of a failing service: the failure, and the path of the request that met it. */
const logged: { failure: Failure; path: string }[] = [];
let server: InProcess;
let key: string;
beforeAll(async () => {
  github.start();
  server = await inProcess({ onServiceFailure: (failure, request) => void logged.push({ failure, path: new URL(request.url).pathname }) });
  await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop", "--token", github.token, "--api-url", github.url);
  const sent = await server.request("POST", "/v1/reports", {
    body: { publicKey: server.demo.publicKey, kind: "problem", message: "The export is empty" },
  });
  key = sent.body.ticketId;
});
afterAll(() => {
  server.close();
  github.stop();
});

test("linking when GitHub refuses the token (revoked since it was saved): 502 tracker_unavailable saying so, and GitHub's answer in the log, without the token", async () => {
  const given = github.token;
  github.token = "ghp_the-one-github-takes-now";
  const link = (language: string) =>
    server.request("POST", `/v1/feedbacks/${key}/tracker`, { token: server.demo.tokens.admin, body: {}, headers: { "accept-language": language } });
  const refused = await link("en");
  const inFrench = await link("fr");
  github.token = given;
  expect([refused.status, refused.body]).toEqual([
    502,
    {
      code: "tracker_unavailable",
      error:
        "The app's issue tracker refused its token (wrong, revoked or expired, or without access to the project): trying again will not help. An operator gives a new token with tracker set.",
    },
  ]);
  expect([inFrench.status, inFrench.body.code]).toEqual([502, "tracker_unavailable"]);
  expect(inFrench.body.error).toBe(
    "Le gestionnaire de tickets de l’application a refusé son jeton (erroné, révoqué ou expiré, ou sans accès au projet)\u202f: réessayer n’y changera rien. Un opérateur donne un nouveau jeton avec tracker set.",
  );
  expect(logged.map(({ failure, path }) => ({ code: failure.code, cause: failure.cause, refused: failure.credentialsRefused, path }))).toEqual(
    [1, 2].map(() => ({
      code: "tracker_unavailable",
      cause: "Bad credentials - https://docs.github.com/rest",
      refused: true,
      path: `/v1/feedbacks/${key}/tracker`,
    })),
  );
  expect(JSON.stringify(logged)).not.toContain(given);
  expect((await server.request("GET", `/v1/feedbacks/${key}`, { token: server.demo.tokens.admin })).body.trackerIssue).toBeUndefined();
});

test("linking when GitHub cannot be reached still says to try again in a moment, and logs what the attempt met", async () => {
  logged.length = 0;
  github.down = true;
  const failed = await server.request("POST", `/v1/feedbacks/${key}/tracker`, { token: server.demo.tokens.admin, body: {} });
  github.down = false;
  expect([failed.status, failed.body.error]).toEqual([
    502,
    "The app's issue tracker could not be reached, or refused the request (check its token). Try again in a moment.",
  ]);
  expect(logged.map(({ failure }) => [failure.cause, failure.credentialsRefused])).toEqual([["Service unavailable", undefined]]);
});
