/** The secrets every process of the service shares. */
export interface ServiceSecretStore {
  /** The secret for cursors and signed links: created on first use; every process reads back the same. */
  serviceSecret(): Promise<Uint8Array>;
  /**
   * A text sealed with the key that seals stored secrets: `sealed` is kept if none is yet, and the
   * one kept is returned, so every later start can tell whether its key is the store's.
   */
  keyCheck(sealed: string): Promise<string>;
}
