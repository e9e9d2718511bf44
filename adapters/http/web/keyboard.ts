import { join } from "node:path";
import { browserScript } from "../browser-script.ts";

/** Where the keyboard triage script is served; the inbox and feedback pages load it (CSP `script-src 'self'`). */
export const KEYBOARD_SCRIPT_PATH = "/app/keyboard.js";

/** The keyboard triage script (`keyboard-triage.ts`) as browsers run it. */
export const keyboardScript = browserScript(join(import.meta.dir, "keyboard-triage.ts"));
