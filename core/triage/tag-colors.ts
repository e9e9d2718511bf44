/** The small fixed palette a tag's colour is chosen from; each shows as a chip readable at WCAG AA. */
export const TAG_COLORS = ["gray", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"] as const;
export type TagColor = (typeof TAG_COLORS)[number];

/** Whether a text names a colour of the palette. */
export const isTagColor = (value: string): value is TagColor => (TAG_COLORS as readonly string[]).includes(value);
