import { describe, expect, spyOn, test } from "bun:test";
import { chromiumPresent } from "./chromium.ts";

const MISSING = "/nowhere/chromium-headless-shell";

describe("browser tests where Chromium is missing", () => {
  test("outside CI they are skipped, with the reason", () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(chromiumPresent("some browser tests", { path: MISSING, env: {} })).toBe(false);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`some browser tests skipped: no Chromium at ${MISSING}`));
    } finally {
      warn.mockRestore();
    }
  });

  test("under CI=true the run fails, naming what could not run and why", () => {
    expect(() => chromiumPresent("some browser tests", { path: MISSING, env: { CI: "true" } })).toThrow(
      `some browser tests cannot run in CI: no Chromium at ${MISSING}`,
    );
  });

  test("where it is installed, they run, in CI or not", () => {
    const installed = process.execPath; // any file that is there stands for the browser
    expect(chromiumPresent("some browser tests", { path: installed, env: { CI: "true" } })).toBe(true);
  });
});
