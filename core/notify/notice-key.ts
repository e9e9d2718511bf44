/**
 * What an e-mail about a feedback told, the first part of the key it is sent once under: followers
 * that it was delivered, or a public reply; the team a reporter's answer; its owner the assignment;
 * a person a mention.
 */
const NOTICE_KINDS = ["delivered", "reply", "answer", "assigned", "mention"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The key a notice about a feedback is sent once under: its kind, then what makes it one of its kind. */
export const noticeKey = (kind: NoticeKind, ...parts: ReadonlyArray<string | number>): string => [kind, ...parts].join(".");

/** The kind of notice a key was sent under; "other" for a key noticeKey did not make. */
export const noticeKindOf = (key: string): NoticeKind | "other" => NOTICE_KINDS.find((kind) => key === kind || key.startsWith(`${kind}.`)) ?? "other";
