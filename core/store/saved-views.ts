/** A list of the inbox a person named and keeps: its query is the inbox address's query string. */
export interface SavedView {
  readonly id: string;
  readonly orgId: string;
  readonly userId: string;
  readonly name: string;
  /** `status=closed&kind=idea`: the inbox filters, with the API's names. */
  readonly query: string;
  readonly createdAt: number;
}

/** Each person's saved views, per organization. */
export interface SavedViewStore {
  saveView(view: SavedView): Promise<void>;
  /** Oldest first. */
  listViews(orgId: string, userId: string): Promise<SavedView[]>;
  /** Deletes one of the person's views; false if they have none with this id. */
  deleteView(orgId: string, userId: string, id: string): Promise<boolean>;
}
