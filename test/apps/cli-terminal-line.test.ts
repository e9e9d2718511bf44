import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { terminalLine } from "../../apps/cli/terminal-line.ts";

describe("the CLI's output", () => {
  test("an escape sequence an organization wrote in a name reaches the operator's terminal as text, never as a command", () => {
    const name = "ci\u001b[2K\r\u001b]52;c;cGF5bG9hZA==\u0007\u202egnp.exe";
    assert.equal(terminalLine(`k1  ${name}  feedbacks:read`), "k1  ci\uFFFD[2K\uFFFD\uFFFD]52;c;cGF5bG9hZA==\uFFFD\uFFFDgnp.exe  feedbacks:read");
  });

  test("tabs, line breaks and every language's letters are printed as written", () => {
    assert.equal(
      terminalLine('API key k1 "CI – Zürich 東京 עברית", shown once:\n\trtr_key_x'),
      'API key k1 "CI – Zürich 東京 עברית", shown once:\n\trtr_key_x',
    );
  });
});

describe("the CLI's errors", () => {
  test("a refusal quoting what it was given prints its escape sequences as text too", () => {
    const cli = Bun.spawnSync([process.execPath, "apps/cli/main.ts", "no\u001b[2Ksuch"], {
      env: { ...process.env, DATA_DIR: "/nonexistent/retour" },
    });
    const said = cli.stderr.toString();
    assert.equal(cli.exitCode, 2);
    assert.ok(said.startsWith('retour: unknown command "no\uFFFD[2Ksuch"'), said);
    assert.ok(!said.includes("\u001b"));
  });
});
