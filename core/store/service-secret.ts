/** How many sealed secrets of each kind a key is tried on: one left from an earlier lost key is not the only one. */
export const SAMPLES_OF_EACH = 3;

/** The secrets every process of the service shares. */
export interface ServiceSecretStore {
  /** The secret for cursors and signed links: created on first use; every process reads back the same. */
  serviceSecret(): Promise<Uint8Array>;
  /** A text sealed with the key that seals stored secrets, kept so that a start can tell whether its key is the store's; null before the first. */
  findKeyCheck(): Promise<string | null>;
  /** Keeps `sealed` as the key check unless one is kept already; returns the one kept (the first process to start wins). */
  adoptKeyCheck(sealed: string): Promise<string>;
  /** Replaces the key check: the operator has given the store a new key, its former secrets lost. */
  replaceKeyCheck(sealed: string): Promise<void>;
  /**
   * Up to three secrets of each kind the store keeps sealed (webhooks', trackers', Slack's, portals'
   * SSO secrets, tracking links), newest first where the store can tell; none when it keeps none:
   * how a store made before the key check tells its key.
   */
  sealedSamples(): Promise<string[]>;
}
