import { listFeatures } from "../../../core/catalog/list-features.ts";
import type { Language } from "../../../core/language.ts";
import type { Grant } from "../../../core/model.ts";
import type { App, Feature } from "../../../core/schemas/catalog.ts";
import type { Services } from "../../../core/services.ts";
import { type Html, html } from "../html.ts";
import { formatter, wordsFor } from "./words.ts";

/** Features the inbox's filter offers, under their app's name where the list spans several apps. */
export interface FeatureGroup {
  readonly app?: string;
  readonly features: readonly Feature[];
}

/**
 * The features to filter the inbox by: the chosen app's, or with no app chosen the only app's, or
 * each app's under its name (an app with no feature map offers none).
 */
export async function featureGroups(
  services: Pick<Services, "store">,
  grant: Grant,
  apps: readonly App[],
  appId: string | undefined,
): Promise<FeatureGroup[]> {
  const shown = appId ? apps.filter((a) => a.id === appId) : apps;
  const named = shown.length > 1;
  const groups = await Promise.all(
    shown.map(async (app) => {
      const listed = await listFeatures(services, grant, app.id);
      return { ...(named && { app: app.name }), features: listed.ok ? listed.value.data : [] };
    }),
  );
  return groups.filter((g) => g.features.length > 0);
}

type NamedFeature = Pick<Feature, "id" | "path" | "name">;

/**
 * How features are named where people look for them: by name, with its path beside where two of
 * them (each counted once, by id) share it, as `same` compares names.
 */
export function namedFeatures<F extends NamedFeature>(features: readonly F[], same: (feature: F) => string): (feature: F) => string {
  const bearers = new Map<string, number>();
  for (const f of new Map(features.map((f) => [f.id, f])).values()) bearers.set(same(f), (bearers.get(same(f)) ?? 0) + 1);
  return (f) => ((bearers.get(same(f)) ?? 0) > 1 ? `${f.name} (${f.path})` : f.name);
}

/** A group's features by name, as people look for them; a name two of them share, in any case, says each one's path. */
function labelled(language: Language, features: readonly Feature[]): Array<{ readonly id: string; readonly label: string }> {
  const named = namedFeatures(features, (f) => f.name.toLocaleLowerCase(language));
  const order = formatter(`features-${language}`, () => new Intl.Collator(language, { numeric: true, sensitivity: "base" }));
  return features.map((f) => ({ id: f.id, label: named(f) })).sort((a, b) => order.compare(a.label, b.label));
}

/**
 * The inbox's filter by feature (`featureId`), shown wherever there are features to offer. A
 * feature named in the address that none of them is (unknown, or typed by hand) stays offered, so
 * the filter shown is the one applied.
 */
export function featureFilter(language: Language, groups: readonly FeatureGroup[], selected: string | undefined): Html | "" {
  const w = wordsFor(language, "common");
  const known = groups.some((g) => g.features.some((f) => f.id === selected));
  if (groups.length === 0 && !selected) return "";
  const option = (id: string, label: string) => html`<option value="${id}"${id === selected ? html` selected` : ""}>${label}</option>`;
  const choices = (features: readonly Feature[]) => labelled(language, features).map((f) => option(f.id, f.label));
  // On a wide screen it stands in the filters' row at a basis of its own, not its longest feature's
  // width, which pushed the row onto a third line.
  return html`<div class="feature-filter"><label for="feature">${w.feature}</label><select id="feature" name="featureId"><option value="">${w.anyFeminine}</option>${groups.map(
    (g) => (g.app === undefined ? choices(g.features) : html`<optgroup label="${g.app}">${choices(g.features)}</optgroup>`),
  )}${selected && !known ? option(selected, selected) : ""}</select></div>`;
}
