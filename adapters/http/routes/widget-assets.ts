import { Elysia } from "elysia";
import { errorResponse } from "../reply.ts";

/** The widget's scripts, as built: the loader and its hashed modules by name, the replay player among them. */
export interface WidgetScripts {
  readonly loader: string;
  readonly modules: ReadonlyMap<string, string>;
  readonly names: { readonly player: string };
}

const SCRIPT = "text/javascript; charset=utf-8";

/**
 * Serves the widget: `/widget.js`, the loader a site embeds (cached five minutes, so a new
 * version reaches pages soon), and `/widget/{name}`, modules named by their content's hash
 * (cached for good). Modules are loaded with `import()` from the site's pages, which fetches
 * them with CORS: any origin may read them, as any may read the loader.
 */
export function widgetAssetRoutes(scripts: () => Promise<WidgetScripts>) {
  const script = (text: string, cacheControl: string) =>
    new Response(text, {
      headers: { "content-type": SCRIPT, "cache-control": cacheControl, "access-control-allow-origin": "*", "x-content-type-options": "nosniff" },
    });
  return new Elysia({ name: "routes/widget-assets" })
    .get("/widget.js", async () => script((await scripts()).loader, "public, max-age=300"), { detail: { hide: true } })
    .get(
      "/widget/:name",
      async ({ request, params }) => {
        const text = (await scripts()).modules.get(params.name);
        return text === undefined ? errorResponse(request, "not_found") : script(text, "public, max-age=31536000, immutable");
      },
      { detail: { hide: true } },
    );
}
