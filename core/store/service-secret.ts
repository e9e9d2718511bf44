/** The secret every process of the service shares, for cursors and signed links. */
export interface ServiceSecretStore {
  /** Created on first use; every process reads back the same. */
  serviceSecret(): Promise<Uint8Array>;
}
