import type { AppRecord } from "../model.ts";

/** Names compared as people read them: "App 2" before "App 10", "beta" between "Alpha" and "Gamma". */
const names = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** An organization's apps in the order lists show them: by name, naturally; apps of one name by id. */
export const inNameOrder = <T extends Pick<AppRecord, "id" | "name">>(apps: readonly T[]): T[] =>
  [...apps].sort((a, b) => names.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
