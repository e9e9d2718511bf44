const SUBJECTS =
  "avatar banner calendar dropdown envelope footer gallery header invoice journal keypad ledger menubar notebook overlay palette quiz ribbon sidebar toolbar uploader voucher wallet xylograph yearbook zipcode anchor beacon compass dial".split(
    " ",
  );
const VERBS =
  "flickers freezes vanishes overlaps truncates duplicates jitters stalls misaligns blinks resets wobbles shrinks expands darkens lightens rotates stutters fades collapses scrolls hides swaps mirrors blurs glitches tilts drifts lags sparks".split(
    " ",
  );
const PLACES =
  "Monday Tuesday Wednesday Thursday Friday Saturday Sunday morning evening midnight noon dawn dusk winter summer autumn spring holiday weekend payday birthday launch release beta alpha gamma delta omega kappa sigma".split(
    " ",
  );

/**
 * A report text that shares no word with the others of the same series: for tests that need
 * several separate feedbacks, which the background grouping must not merge together.
 */
export function distinctText(i: number): string {
  if (i >= SUBJECTS.length) throw new Error(`distinctText: at most ${SUBJECTS.length} texts`);
  return `${SUBJECTS[i]} ${VERBS[(i * 7) % VERBS.length]} ${PLACES[(i * 11) % PLACES.length]}`;
}
