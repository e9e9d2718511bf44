/** The languages the service speaks: to people (pages, e-mails, messages) and in its error bodies. */
export type Language = "en" | "fr";
