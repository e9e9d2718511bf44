/** The clock a test moves, however the service runs: in its process, served from it, or a process of its own. */
export interface TestClock {
  /** Moves the service's clock forward (an in-process application given a clock of the test's own keeps that one). */
  advanceClock(ms: number): void;
  /** Moves the clock to just after the start of a minute, so a test of per-minute limits never straddles two windows. */
  startFreshMinute(): void;
  /** The same for windows of any length (a quarter of an hour, an hour). */
  startFreshWindow(ms: number): void;
}
