/**
 * A browser module of this adapter as browsers run it (a page's progressive enhancement, served
 * from the service's own origin under the pages' CSP `script-src 'self'`): built with Bun.build
 * when first asked for, then kept.
 */
export function browserScript(entry: string): () => Promise<string> {
  let built: Promise<string> | undefined;
  return () => {
    built ??= Bun.build({ entrypoints: [entry], target: "browser", format: "esm", minify: true }).then((output) => {
      if (!output.success) throw new AggregateError(output.logs, `${entry} did not build`);
      return output.outputs[0]!.text();
    });
    return built;
  };
}

/** How a built script is answered: JavaScript, kept five minutes (it changes with the service). */
export const scriptResponse = async (script: () => Promise<string>): Promise<Response> =>
  new Response(await script(), { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=300" } });
