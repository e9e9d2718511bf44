import type { AddressRule } from "../../core/outbound/target.ts";

/** Trackers' addresses in tests: every name is this machine, where the fake trackers listen, and allowed. */
export const THIS_MACHINE: AddressRule = { resolve: async () => ["127.0.0.1"], allowPrivate: true };
