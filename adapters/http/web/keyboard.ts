import { join } from "node:path";

/** Where the keyboard triage script is served; the inbox and feedback pages load it (CSP `script-src 'self'`). */
export const KEYBOARD_SCRIPT_PATH = "/app/keyboard.js";

let built: Promise<string> | undefined;

/** The keyboard triage script (`keyboard-triage.ts`) as browsers run it: built with Bun.build when first asked for. */
export function keyboardScript(): Promise<string> {
  built ??= Bun.build({ entrypoints: [join(import.meta.dir, "keyboard-triage.ts")], target: "browser", format: "esm", minify: true }).then(
    (output) => {
      if (!output.success) throw new AggregateError(output.logs, "the keyboard triage script did not build");
      return output.outputs[0]!.text();
    },
  );
  return built;
}
