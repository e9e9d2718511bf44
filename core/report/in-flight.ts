/**
 * The idempotent requests this process is running, so that a retry arriving meanwhile is told
 * `idempotency_in_progress` instead of running a second time. Memory only, and only a courtesy:
 * what rules out a duplicate is the answer committed with the change (`IdempotentWrite`), which
 * holds across processes and crashes.
 */
export interface InFlight {
  /** Marks a request as running, unless one with the same id already is. */
  enter(id: string, fingerprint: string): "entered" | "in_progress" | "reused";
  leave(id: string): void;
}

export function createInFlight(): InFlight {
  const running = new Map<string, string>();
  return {
    enter(id, fingerprint) {
      const other = running.get(id);
      if (other !== undefined) return other === fingerprint ? "in_progress" : "reused";
      running.set(id, fingerprint);
      return "entered";
    },
    leave: (id) => void running.delete(id),
  };
}
