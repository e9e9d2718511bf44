import { join } from "node:path";

/** The widget as served: the loader at /widget.js, and modules by their hashed names under /widget/. */
interface WidgetAssets {
  readonly loader: string;
  readonly modules: ReadonlyMap<string, string>;
  /** The hashed names of the modules the loader and the panel load, for budgets and tests. */
  readonly names: { readonly panel: string; readonly replay: string; readonly screenshot: string; readonly player: string; readonly ideas: string };
}

const here = import.meta.dir;

async function texts(outputs: readonly Bun.BuildArtifact[]): Promise<Map<string, string>> {
  return new Map(await Promise.all(outputs.map(async (o) => [o.path.split("/").pop()!, await o.text()] as [string, string])));
}

/**
 * Builds the widget with Bun.build, in memory. The panel (with the screenshot and Ideas tab modules it loads)
 * and the replay recorder are ES modules named by their content's hash, so they can be cached
 * for good (the replay player of the feedback page is one more); the loader is a classic script that names them, so it changes when they do.
 */
export async function buildWidget(): Promise<WidgetAssets> {
  const modules = await Bun.build({
    entrypoints: [join(here, "panel.ts"), join(here, "replay.ts"), join(here, "player.ts")],
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "[name]-[hash].[ext]" },
  });
  if (!modules.success) throw new AggregateError(modules.logs, "the widget's modules did not build");
  const built = await texts(modules.outputs);
  const named = (prefix: string) => [...built.keys()].find((n) => n.startsWith(`${prefix}-`))!;
  const names = { panel: named("panel"), replay: named("replay"), screenshot: named("screenshot"), player: named("player"), ideas: named("ideas") };
  const loader = await Bun.build({
    entrypoints: [join(here, "loader.ts")],
    target: "browser",
    format: "iife",
    minify: true,
    define: { PANEL_CHUNK: JSON.stringify(names.panel), REPLAY_CHUNK: JSON.stringify(names.replay) },
  });
  if (!loader.success) throw new AggregateError(loader.logs, "the widget's loader did not build");
  return { loader: await loader.outputs[0]!.text(), modules: built, names };
}
