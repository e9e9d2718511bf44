import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = (message: string, extra: Record<string, unknown> = {}) =>
  http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message, ...extra } });
const answer = (id: string, text: string) => http.request("POST", `/v1/reports/${id}/answers`, { body: { publicKey: http.demo.publicKey, text } });

describe("the offline assistant drops text with nothing to do with the app", () => {
  test.each(["What is the weather like in Paris tomorrow?", "what is the best pizza recipe", "Quel temps fera-t-il à Paris demain ?"])(
    "%s: drop, nothing recorded",
    async (message) => {
      const found = async () =>
        (await http.request("GET", `/v1/feedbacks?query=${encodeURIComponent(message)}`, { token: http.demo.tokens.reader })).body.data.map(
          (f: { key: string }) => f.key,
        );
      const before = await found();
      const step = await report(message, { qualify: true });
      expect([step.status, step.body.status]).toEqual([200, "drop"]);
      await http.runJobs();
      expect(await found()).toEqual(before);
      // The same text sent without qualification is recorded and found: the search would have seen it.
      const recorded = await report(message);
      expect(recorded.status).toBe(201);
      expect(await found()).toContain(recorded.body.ticketId);
    },
  );

  test("an off-topic question given as an answer, after an off-topic report, is dropped", async () => {
    const first = await report("Paris weather tomorrow", { qualify: true });
    expect(first.body.status).toBe("ask");
    const second = await answer(first.body.id, "what is the best pizza recipe");
    expect(second.body.status).toBe("drop");
  });

  test.each(["How do I export my data?", "Why is the checkout so slow?", "Can you add a dark mode?"])(
    "a question about the app is qualified: %s",
    async (message) => {
      const step = await report(message, { qualify: true, kind: "idea" });
      expect([step.status, ["ask", "ready"].includes(step.body.status)]).toEqual([200, true]);
    },
  );

  test("a question naming a feature of the app's map is qualified, though it uses no software word", async () => {
    const step = await report("Where has the Checkout gone?", { qualify: true });
    expect([step.status, ["ask", "ready"].includes(step.body.status)]).toEqual([200, true]);
  });
});

describe("a report made only of markup or symbols", () => {
  test.each(["<img src=x onerror=alert(1)>", "<script>alert('x')</script>", "!!! ??? ###"])(
    "%s is never grouped with an unrelated feedback, nor another report with it",
    async (message) => {
      const unrelated = (await report("An alert pops up on the image page: onerror, img src missing <img>")).body.ticketId;
      await http.runJobs();
      const markup = (await report(message)).body.ticketId;
      const ran = await http.runJobs();
      expect(ran).toBeGreaterThan(0);
      const read = await http.request("GET", `/v1/feedbacks/${markup}`, { token: http.demo.tokens.reader });
      expect(read.body.key).toBe(markup);
      expect(read.body.key).not.toBe(unrelated);
      const again = (await report(message)).body.ticketId;
      await http.runJobs();
      expect((await http.request("GET", `/v1/feedbacks/${again}`, { token: http.demo.tokens.reader })).body.key).toBe(again);
    },
  );
});
