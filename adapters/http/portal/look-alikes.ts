import { join } from "node:path";
import { browserScript } from "../browser-script.ts";

/** Where the post form's look-alikes script is served; the post form loads it (CSP `script-src 'self'`). */
export const LOOK_ALIKES_SCRIPT_PATH = "/portal/look-alikes.js";

/** The look-alikes script (`look-alikes-offer.ts`) as browsers run it. */
export const lookAlikesScript = browserScript(join(import.meta.dir, "look-alikes-offer.ts"));
