import type { Author } from "../feedback/author.ts";
import type { Language } from "../language.ts";
import type { Role } from "../model.ts";

/** The words of the mail the service sends to the team's own people, in their language. */
interface Message {
  readonly subject: string;
  readonly text: string;
}

const ROLE_NAMES: Readonly<Record<Language, Readonly<Record<Role, string>>>> = {
  en: { admin: "Admin", member: "Member", reader: "Reader" },
  fr: { admin: "Administrateur", member: "Membre", reader: "Lecteur" },
};

export function invitationMessage(language: Language, input: { orgName: string; role: Role; url: string; inviter?: string }): Message {
  const role = ROLE_NAMES[language][input.role];
  if (language === "fr") {
    return {
      subject: `Invitation à rejoindre ${input.orgName} sur Retour`,
      text: [
        "Bonjour,",
        "",
        `${input.inviter ?? "Un administrateur"} vous invite à rejoindre ${input.orgName} sur Retour (rôle\u202f: ${role}).`,
        "Choisissez votre nom et votre mot de passe ici (le lien sert une fois, pendant 7 jours)\u202f:",
        input.url,
        "",
        "Si vous n’attendiez pas cette invitation, ignorez ce message.",
      ].join("\n"),
    };
  }
  return {
    subject: `Join ${input.orgName} on Retour`,
    text: [
      "Hello,",
      "",
      `${input.inviter ?? "An Admin"} invites you to join ${input.orgName} on Retour (role: ${role}).`,
      "Choose your name and password here (the link works once, for 7 days):",
      input.url,
      "",
      "If you did not expect this invitation, ignore this message.",
    ].join("\n"),
  };
}

export function passwordResetMessage(language: Language, input: { url: string }): Message {
  if (language === "fr") {
    return {
      subject: "Choisir un nouveau mot de passe Retour",
      text: [
        "Bonjour,",
        "",
        "Pour choisir un nouveau mot de passe, ouvrez ce lien (il sert une fois, pendant 30 minutes)\u202f:",
        input.url,
        "",
        "Si vous n’avez rien demandé, ignorez ce message\u202f: votre mot de passe ne change pas.",
      ].join("\n"),
    };
  }
  return {
    subject: "Choose a new Retour password",
    text: [
      "Hello,",
      "",
      "To choose a new password, open this link (it works once, for 30 minutes):",
      input.url,
      "",
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ].join("\n"),
  };
}

interface AboutFeedback {
  readonly key: string;
  readonly title: string;
  readonly url: string;
  /** The account page, where the person changes what they receive. */
  readonly settingsUrl: string;
}

/** Who did it, as an e-mail says it: a member by name, an API key as one, a tracker by its issue; no one known, someone on the team. */
function whoDid(language: Language, author: Author | null | undefined): string {
  if (language === "fr") {
    if (!author) return "Quelqu’un de l’équipe";
    return "person" in author ? author.person : "apiKey" in author ? `La clé d’API «\u202f${author.apiKey}\u202f»` : "Le ticket lié";
  }
  if (!author) return "Someone on the team";
  return "person" in author ? author.person : "apiKey" in author ? `The API key "${author.apiKey}"` : "The linked issue";
}

export function mentionMessage(language: Language, input: AboutFeedback & { author: Author | null; comment: string }): Message {
  const author = whoDid(language, input.author);
  if (language === "fr") {
    return {
      subject: `${author} vous a mentionné sur ${input.key}\u202f: ${input.title}`,
      text: [
        `${author} vous a mentionné dans un commentaire sur ${input.key} («\u202f${input.title}\u202f»)\u202f:`,
        "",
        ...input.comment.split("\n").map((line) => `> ${line}`),
        "",
        `Ouvrir le retour\u202f: ${input.url}`,
        "",
        `Vos notifications\u202f: ${input.settingsUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `${author} mentioned you on ${input.key}: ${input.title}`,
    text: [
      `${author} mentioned you in a comment on ${input.key} ("${input.title}"):`,
      "",
      ...input.comment.split("\n").map((line) => `> ${line}`),
      "",
      `Open the feedback: ${input.url}`,
      "",
      `Your notifications: ${input.settingsUrl}`,
    ].join("\n"),
  };
}

export function assignedMessage(language: Language, input: AboutFeedback & { by: Author | null }): Message {
  const by = whoDid(language, input.by);
  if (language === "fr") {
    return {
      subject: `${input.key} vous est attribué\u202f: ${input.title}`,
      text: [
        `${by} vous a attribué ${input.key} («\u202f${input.title}\u202f»).`,
        "",
        `Ouvrir le retour\u202f: ${input.url}`,
        "",
        `Vos notifications\u202f: ${input.settingsUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `${input.key} is assigned to you: ${input.title}`,
    text: [
      `${by} assigned ${input.key} ("${input.title}") to you.`,
      "",
      `Open the feedback: ${input.url}`,
      "",
      `Your notifications: ${input.settingsUrl}`,
    ].join("\n"),
  };
}

/**
 * The one e-mail that tells a member all that one change to a feedback means for them
 * (change-mail.ts): who made it, then each part, as many as concern them: it is assigned to them,
 * they are mentioned (the comment quoted), it is delivered (they follow it, with the link that
 * stops that).
 */
export function changeMessage(
  language: Language,
  input: AboutFeedback & {
    by: Author | null;
    assigned: boolean;
    mention?: string;
    delivered?: { readonly unsubscribeUrl: string };
  },
): Message {
  const by = whoDid(language, input.by);
  const quoted = input.mention === undefined ? [] : input.mention.split("\n").map((line) => `  > ${line}`);
  if (language === "fr") {
    return {
      subject: `${by} a modifié ${input.key}\u202f: ${input.title}`,
      text: [
        `${by} a modifié ${input.key} («\u202f${input.title}\u202f»)\u202f:`,
        "",
        ...(input.assigned ? ["- il vous est attribué\u202f;"] : []),
        ...(input.mention === undefined ? [] : ["- vous y êtes mentionné\u202f:", ...quoted]),
        ...(input.delivered ? ["- son statut est maintenant Livré (vous le suivez)."] : []),
        "",
        `Ouvrir le retour\u202f: ${input.url}`,
        "",
        ...(input.delivered ? [`Ne plus recevoir de nouvelles de ${input.key}\u202f: ${input.delivered.unsubscribeUrl}`] : []),
        `Vos notifications\u202f: ${input.settingsUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `${by} changed ${input.key}: ${input.title}`,
    text: [
      `${by} changed ${input.key} ("${input.title}"):`,
      "",
      ...(input.assigned ? ["- it is assigned to you;"] : []),
      ...(input.mention === undefined ? [] : ["- you are mentioned:", ...quoted]),
      ...(input.delivered ? ["- its status is now Delivered (you follow it)."] : []),
      "",
      `Open the feedback: ${input.url}`,
      "",
      ...(input.delivered ? [`Stop receiving news of ${input.key}: ${input.delivered.unsubscribeUrl}`] : []),
      `Your notifications: ${input.settingsUrl}`,
    ].join("\n"),
  };
}

/** A feedback as a digest, or an e-mail that tells of several, lists it. */
export interface DigestLine {
  readonly key: string;
  readonly title: string;
  readonly url: string;
  /** The number beside it in "most voted" (votes, or reports where votes are not counted). */
  readonly count?: number;
}

/** A feedback on its line of a list: key, title (and count), then its address under them. */
const listed = (l: DigestLine) => `- ${l.key} ${l.title}${l.count === undefined ? "" : ` (${l.count})`}\n  ${l.url}`;

/** The feedbacks an e-mail that tells of several lists by name; the others are counted, with the inbox's list of them all. */
export const LISTED_AT_MOST = 10;

/**
 * The one e-mail of a bulk change that assigned a person several feedbacks (notify-assignee.ts):
 * who assigned them, as assignedMessage says it, and the feedbacks, the first LISTED_AT_MOST by
 * key and title, then how many more, with the inbox's list of the person's feedbacks.
 */
export function assignedTogetherMessage(
  language: Language,
  input: { by: Author | null; feedbacks: readonly DigestLine[]; ownerInboxUrl: string; settingsUrl: string },
): Message {
  const by = whoDid(language, input.by);
  const n = input.feedbacks.length;
  const more = n - LISTED_AT_MOST;
  const lines = input.feedbacks.slice(0, LISTED_AT_MOST).map(listed);
  if (language === "fr") {
    return {
      subject: `${n} retours vous sont attribués`,
      text: [
        `${by} vous a attribué ${n} retours\u202f:`,
        "",
        ...lines,
        ...(more > 0 ? [`et ${more} de plus\u202f: ${input.ownerInboxUrl}`] : []),
        "",
        `Vos notifications\u202f: ${input.settingsUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `${n} feedbacks are assigned to you`,
    text: [
      `${by} assigned ${n} feedbacks to you:`,
      "",
      ...lines,
      ...(more > 0 ? [`and ${more} more: ${input.ownerInboxUrl}`] : []),
      "",
      `Your notifications: ${input.settingsUrl}`,
    ].join("\n"),
  };
}

interface DigestContent {
  readonly orgName: string;
  /** How many feedbacks were created in the 24 hours (the list may show fewer). */
  readonly createdCount: number;
  readonly created: readonly DigestLine[];
  readonly urgent: readonly DigestLine[];
  readonly top: readonly DigestLine[];
  /** Whether `top` counts votes (else reports). */
  readonly topByVotes: boolean;
  readonly settingsUrl: string;
}

export function digestMessage(language: Language, digest: DigestContent): Message {
  const fr = language === "fr";
  const section = (title: string, lines: readonly DigestLine[], none: string) => [title, ...(lines.length > 0 ? lines.map(listed) : [none]), ""];
  const n = digest.createdCount;
  const subject = fr
    ? `Retour, le résumé du jour de ${digest.orgName}\u202f: ${n} nouveau${n > 1 ? "x" : ""} retour${n > 1 ? "s" : ""}`
    : `Retour daily digest for ${digest.orgName}: ${n} new feedback${n === 1 ? "" : "s"}`;
  const text = fr
    ? [
        ...section("Nouveaux retours (24 h)\u202f:", digest.created, "Aucun."),
        ...section("Nouveaux P0 et P1\u202f:", digest.urgent, "Aucun."),
        ...section(digest.topByVotes ? "Les plus votés cette semaine\u202f:" : "Les plus signalés cette semaine\u202f:", digest.top, "Aucun."),
        `Ne plus recevoir ce résumé\u202f: ${digest.settingsUrl}`,
      ]
    : [
        ...section("New feedbacks (24 h):", digest.created, "None."),
        ...section("New P0 and P1:", digest.urgent, "None."),
        ...section(digest.topByVotes ? "Most voted this week:" : "Most reported this week:", digest.top, "None."),
        `Stop receiving this digest: ${digest.settingsUrl}`,
      ];
  return { subject, text: text.join("\n") };
}
