import { describe, expect, test } from "bun:test";
import { html } from "../../../adapters/http/html.ts";

describe("text put in a page", () => {
  test("is escaped, and the control characters a page may not hold are left out; tab, newline, form feed and return stay", () => {
    expect(html`<p>${"a\u0000<b>\u0008&\u000b\u001f\u009f\t\n\f\r\"'"}</p>`.value).toBe("<p>a&lt;b&gt;&amp;\t\n\f\r&quot;&#39;</p>");
  });
});
