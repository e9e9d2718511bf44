/** Synthetic report texts for the benchmarks: many subjects, problems and contexts, each text distinct. */

const SUBJECTS = [
  "checkout",
  "payment",
  "search",
  "invoice",
  "export",
  "login",
  "password",
  "calendar",
  "upload",
  "avatar",
  "sidebar",
  "dashboard",
  "report",
  "chart",
  "filter",
  "notification",
  "email",
  "billing",
  "profile",
  "settings",
  "map",
  "camera",
  "cart",
  "theme",
  "language",
  "timezone",
  "receipt",
  "coupon",
  "shipping",
  "address",
];
const PROBLEMS = [
  "crashes",
  "is slow",
  "shows a blank page",
  "loses my data",
  "times out",
  "shows the wrong total",
  "does nothing",
  "freezes",
  "logs me out",
  "is misaligned",
  "duplicates entries",
  "rejects valid input",
];
const PLACES = [
  "on Safari",
  "on Firefox",
  "on Android",
  "on iPhone",
  "after the update",
  "in dark mode",
  "on a slow network",
  "for large accounts",
  "at month end",
  "with two tabs open",
  "in French",
  "for new users",
];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** The i-th report text. */
export const reportText = (i: number): string =>
  `The ${pick(SUBJECTS, i)} ${pick(PROBLEMS, Math.floor(i / SUBJECTS.length))} ${pick(PLACES, Math.floor(i / (SUBJECTS.length * PROBLEMS.length)))} (case ${i.toString(36)})`;
