import { describe, expect, test } from "bun:test";
import { join } from "node:path";

/** Runs a few log calls in a child process (pino writes to stdout) and returns the JSON lines. */
function logLines(calls: string): Record<string, unknown>[] {
  const module = join(import.meta.dir, "../../adapters/logging/logger.ts");
  const script = `import { createLogger, requestLogger } from ${JSON.stringify(module)};
const logger = createLogger("info", false);
${calls}`;
  const run = Bun.spawnSync([process.execPath, "-e", script]);
  expect(run.exitCode).toBe(0);
  return run.stdout
    .toString()
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("logger", () => {
  test("the root logger redacts tokens, secrets and passwords wherever they sit", () => {
    const [line] = logLines(
      `logger.info({ grant: { token: "t0k", secret: "s3c", password: "pw" }, req: { headers: { authorization: "Bearer x" } } }, "m");`,
    );
    expect(line).toMatchObject({
      grant: { token: "[redacted]", secret: "[redacted]", password: "[redacted]" },
      req: { headers: { authorization: "[redacted]" } },
    });
  });

  test("the request logger writes the request line whole, with the root logger's level and fields", () => {
    const [line] = logLines(`requestLogger(logger).info({ reqId: "r1", method: "POST", path: "/v1/reports", status: 201, ms: 1.5 }, "request");`);
    expect(line).toMatchObject({
      level: 30,
      service: "retour",
      reqId: "r1",
      method: "POST",
      path: "/v1/reports",
      status: 201,
      ms: 1.5,
      msg: "request",
    });
  });
});
