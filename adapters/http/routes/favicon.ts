import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Elysia } from "elysia";

/** The service's icon (a speech bubble on the widget's indigo), 16, 32 and 48 px PNGs in one ICO file. */
const ICON = readFileSync(join(import.meta.dir, "..", "web", "favicon.ico"));

/** `/favicon.ico`, which browsers ask for on every page of the service, the hosted form and tracking pages included. */
export const faviconRoutes = () =>
  new Elysia({ name: "routes/favicon" }).get(
    "/favicon.ico",
    () => new Response(ICON, { headers: { "content-type": "image/x-icon", "cache-control": "public, max-age=86400" } }),
    { detail: { hide: true } },
  );
