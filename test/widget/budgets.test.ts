import { describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { buildWidget } from "../../apps/widget/build.ts";

const KB = 1024;
const gzipped = (text: string) => gzipSync(text, { level: 9 }).byteLength;

/** The widget's weight on a host page, gzipped, against the budgets of the issue (see bench/RESULTS.md for the figures). */
describe("widget size budgets", async () => {
  const widget = await buildWidget();
  const module = (name: string) => widget.modules.get(name)!;

  test("the loader every page downloads is at most 6 KB", () => {
    expect(gzipped(widget.loader)).toBeLessThanOrEqual(6 * KB);
  });

  test("the form and conversation module is at most 15 KB", () => {
    expect(gzipped(module(widget.names.panel))).toBeLessThanOrEqual(15 * KB);
  });

  test("the screenshot module is at most 12 KB", () => {
    expect(gzipped(module(widget.names.screenshot))).toBeLessThanOrEqual(12 * KB);
  });

  test("the Ideas tab, a module of its own loaded when the tab is first shown, is at most 6 KB", () => {
    expect(gzipped(module(widget.names.ideas))).toBeLessThanOrEqual(6 * KB);
  });

  test("the replay module is at most 25 KB", () => {
    expect(gzipped(module(widget.names.replay))).toBeLessThanOrEqual(25 * KB);
  });

  test("the loader is a classic script: no import or export statement, and no eval", () => {
    expect(widget.loader).not.toMatch(/^\s*(import|export)\s/m);
    expect(widget.loader).not.toMatch(/\beval\(|new Function\(/);
  });
});
