import type { Language } from "../language.ts";
import type { Status } from "../schemas/feedback.ts";
import type { PortalRecord } from "../store/portals.ts";

/** The public label of each status, in each language, until the team names its own. */
export const DEFAULT_STATUS_LABELS: Readonly<Record<Language, Readonly<Record<Status, string>>>> = {
  en: { triage: "Under review", prioritized: "Planned", in_development: "In progress", fixed: "Fixed", delivered: "Complete", dismissed: "Closed" },
  fr: { triage: "À l’étude", prioritized: "Prévu", in_development: "En cours", fixed: "Corrigé", delivered: "Livré", dismissed: "Fermé" },
};

/** A status as the portal names it: the team's label, else the default one in the reader's language. */
export const statusLabel = (portal: Pick<PortalRecord, "statusLabels">, status: Status, language: Language): string =>
  portal.statusLabels[status] ?? DEFAULT_STATUS_LABELS[language][status];
