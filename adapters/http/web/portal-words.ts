import type { Language } from "../../../core/language.ts";

/** The team's words about the portal (inbox panel, settings page), in each language. French puts U+202F before ? ! : ;. */
const EN = {
  portal: "Public portal",
  published: "Published on the portal.",
  notPublished: "Not public. Nothing of a feedback is public until you publish it.",
  viewPublic: "See it on the portal",
  portalOff: "The portal is off: published feedbacks show once an Admin turns it on.",
  publicTitle: "Public title",
  /** Under the public title, when the one offered is a long report's first sentence, cut. */
  publicTitleCut: "Cut from a long report (…): write the title people will read on the portal.",
  publicDescription: "Public description",
  publicDescriptionHint: "Written by the team. Reports, names and e-mails are never shown.",
  publish: "Publish",
  update: "Update",
  unpublish: "Unpublish",
  addComment: "Add a comment",
  comment: "Note or public reply",
  visibility: "Who sees it",
  internal: "Internal note (team only)",
  /** Who reads a public reply: its reporters at once (tracking page), everyone once the feedback is on the portal. */
  public: "Public reply (shown at once to the reporters on their tracking page, and on the portal once the feedback is published)",
  /** The same where the service sends e-mail: a public reply is also e-mailed to the followers. */
  publicMailed:
    "Public reply (shown at once to the reporters on their tracking page, e-mailed to the followers, and on the portal once the feedback is published)",
  send: "Add comment",
  publicReply: "Public",
  /** The badge of a team's internal note in the activity, beside the public replies' one. */
  internalNote: "Internal",
  done: {
    published: "Published on the portal.",
    unpublished: "Taken off the portal.",
    /** After a public reply: who sees it (and, where the service sends e-mail, that it is e-mailed: repliedMailed). */
    replied: "Reply sent: the reporters see it on their tracking page.",
    repliedMailed: "Reply sent: the reporters see it on their tracking page, and it is e-mailed to the followers.",
    noted: "Internal note added: only the team sees it.",
    commentPublished: "The comment is on the portal.",
    commentRejected: "The comment was rejected and deleted.",
  } as Record<string, string>,
  fromPortal: "from the portal",
  held: "Waiting for review",
  heldTitle: "Comments from the portal to review",
  heldIntro: "People signed in on the portal wrote these. Nobody else sees them until you publish them; a comment you reject is deleted.",
  publishComment: "Publish on the portal",
  rejectComment: "Reject",
  /** After Publish on the portal and Reject, visually hidden: who wrote the comment and how it starts. */
  commentBy: (author: string | undefined, start: string) => (author ? `the comment by ${author}: “${start}”` : `the comment “${start}”`),
  /** Asked once more before a held comment is rejected, naming who wrote it. */
  confirmReject: (author: string) => `Reject the comment ${author} wrote on the portal?`,
  rejectHint: "It is deleted for good: it never appears on the portal, and its author no longer sees it there as waiting for review. Nobody is told.",
  rejectConfirmed: "Reject and delete",
  toReview: "To review",
  toReviewHint: "Posted on the portal, not yet published.",
  settingsTab: "Portal",
  whoMay: "Only Admins manage the public portal.",
  settingsIntro:
    "A public page where the people who use your apps see what others asked, and follow it to the roadmap. Only feedbacks you publish appear.",
  noEmail:
    "This service does not send e-mail (SMTP_URL is not set): people cannot sign in to the portal by an e-mail link, only through your own sign-in (single sign-on).",
  /** After noEmail: what single sign-on still lacks. */
  ssoMissing: {
    both: "Fill in “Your sign-in page” below and create the secret.",
    address: "Fill in “Your sign-in page” below: the secret exists.",
    secret: "Your sign-in page is set: create the secret below.",
  },
  /** After noEmail, once single sign-on has its address and its secret: ready, or (`off`) ready once the portal is on. */
  ssoReady: {
    on: "It is ready: its address and its secret are set.",
    off: "Its address and its secret are set: it will work once the portal is on.",
  },
  /** After noEmail's paragraph, followed by the CLI command that makes a sign-in link. */
  tryAsVisitor:
    "To try the portal as a visitor without single sign-on, make a sign-in link on the service's machine; it works once, for 15 minutes, while the portal is on:",
  /** The command's name on its Copy button, which the page may show beside a secret's. */
  tryCommand: "Sign-in link command",
  enabled: "Portal on",
  slug: "Address",
  slugHint: "Lower-case letters, digits and hyphens.",
  title: "Title",
  posting: "Posting from the portal",
  postingModes: { off: "Off", review: "Posts wait in “To review”", open: "Posts are published at once" } as Record<string, string>,
  indexing: "Let search engines index it",
  brandColor: "Brand colour",
  brandColorHint: "#rrggbb; empty for the default.",
  brandColorEmpty: "Or leave it empty for the default colour.",
  signInUrl: "Your sign-in page (single sign-on)",
  signInUrlHint:
    "Where the portal's Sign in sends people: a page of your app that signs them in, then sends them to {address}/sso with a token and the return_to it was given. https (http only on localhost, 127.x.x.x or [::1], for development); empty for none.",
  signInUrlEmpty: "Or leave it empty for none.",
  signInUrlNoSecret: "The portal sends people there once a single sign-on secret exists (below).",
  statusLabels: "Public labels of the statuses",
  statusLabelHint: "Empty for the default.",
  /** A status's label, named in a notice. */
  statusLabelOf: "Public label of “{status}”",
  save: "Save",
  saved: "Portal settings saved.",
  sso: "Single sign-on",
  ssoIntro:
    "Your server signs {sub, email, name?, exp} as an HS256 JWT with this secret; people then open {address}/sso?token= followed by the token.",
  ssoSet: "A secret exists. Rotating it stops tokens signed with the current one at once.",
  ssoNone: "No secret yet.",
  ssoLost:
    "The secret can no longer be read: it was sealed with a key this service no longer has. Until you create a new one and give it to your server, the portal sends no one to your sign-in page and refuses every token.",
  ssoCreate: "Create the secret",
  ssoRotate: "Rotate the secret",
  ssoConfirmRotate: "Rotate the single sign-on secret?",
  ssoRotateHint: "Tokens signed with the current one are refused at once, until your server signs with the new one.",
  ssoShown: "The new secret, shown this once. Copy it to your server's configuration:",
  openPortal: "Open the portal",
};

const FR: typeof EN = {
  portal: "Portail public",
  published: "Publié sur le portail.",
  notPublished: "Non public. Rien d’un retour n’est public tant que vous ne le publiez pas.",
  viewPublic: "Le voir sur le portail",
  portalOff: "Le portail est fermé\u202f: les retours publiés y paraîtront quand un administrateur l’ouvrira.",
  publicTitle: "Titre public",
  publicTitleCut: "Coupé dans un long signalement (…)\u202f: écrivez le titre qu’on lira sur le portail.",
  publicDescription: "Description publique",
  publicDescriptionHint: "Écrite par l’équipe. Les signalements, noms et e-mails ne sont jamais montrés.",
  publish: "Publier",
  update: "Mettre à jour",
  unpublish: "Retirer du portail",
  addComment: "Ajouter un commentaire",
  comment: "Note ou réponse publique",
  visibility: "Qui le voit",
  internal: "Note interne (l’équipe seulement)",
  public: "Réponse publique (montrée aussitôt aux auteurs des signalements sur leur page de suivi, et sur le portail une fois le retour publié)",
  publicMailed:
    "Réponse publique (montrée aussitôt aux auteurs des signalements sur leur page de suivi, envoyée par e-mail aux abonnés, et sur le portail une fois le retour publié)",
  send: "Ajouter le commentaire",
  publicReply: "Public",
  internalNote: "Interne",
  done: {
    published: "Publié sur le portail.",
    unpublished: "Retiré du portail.",
    replied: "Réponse envoyée\u202f: les auteurs des signalements la voient sur leur page de suivi.",
    repliedMailed:
      "Réponse envoyée\u202f: les auteurs des signalements la voient sur leur page de suivi, et elle est envoyée par e-mail aux abonnés.",
    noted: "Note interne ajoutée\u202f: seule l’équipe la voit.",
    commentPublished: "Le commentaire est sur le portail.",
    commentRejected: "Le commentaire a été rejeté et supprimé.",
  },
  fromPortal: "depuis le portail",
  held: "En attente de relecture",
  heldTitle: "Commentaires du portail à relire",
  heldIntro:
    "Des personnes connectées au portail les ont écrits. Personne d’autre ne les voit tant que vous ne les publiez pas\u202f; un commentaire rejeté est supprimé.",
  publishComment: "Publier sur le portail",
  rejectComment: "Rejeter",
  commentBy: (author: string | undefined, start: string) =>
    author ? `le commentaire écrit par ${author}\u202f: «\u202f${start}\u202f»` : `le commentaire «\u202f${start}\u202f»`,
  confirmReject: (author: string) => `Rejeter le commentaire que ${author} a écrit sur le portail\u202f?`,
  rejectHint:
    "Il est supprimé définitivement\u202f: il ne paraît jamais sur le portail, et son auteur ne l’y voit plus en attente de relecture. Personne n’en est averti.",
  rejectConfirmed: "Rejeter et supprimer",
  toReview: "À examiner",
  toReviewHint: "Postés sur le portail, pas encore publiés.",
  settingsTab: "Portail",
  whoMay: "Seuls les administrateurs gèrent le portail public.",
  settingsIntro:
    "Une page publique où les personnes qui utilisent vos applications voient ce que d’autres ont demandé, et le suivent jusqu’à la feuille de route. Seuls les retours que vous publiez y paraissent.",
  noEmail:
    "Ce service n’envoie pas d’e-mails (SMTP_URL n’est pas défini)\u202f: on ne peut pas se connecter au portail par un lien envoyé par e-mail, seulement par votre propre connexion (authentification unique).",
  ssoMissing: {
    both: "Remplissez «\u202fVotre page de connexion\u202f» ci-dessous et créez le secret.",
    address: "Remplissez «\u202fVotre page de connexion\u202f» ci-dessous\u202f: le secret existe.",
    secret: "Votre page de connexion est donnée\u202f: créez le secret ci-dessous.",
  },
  ssoReady: {
    on: "Elle est prête\u202f: son adresse et son secret sont en place.",
    off: "Son adresse et son secret sont en place\u202f: elle fonctionnera une fois le portail ouvert.",
  },
  tryAsVisitor:
    "Pour essayer le portail comme un visiteur sans authentification unique, créez un lien de connexion sur la machine du service\u202f; il sert une fois, pendant 15 minutes, tant que le portail est ouvert\u202f:",
  tryCommand: "Commande du lien de connexion",
  enabled: "Portail ouvert",
  slug: "Adresse",
  slugHint: "Lettres minuscules, chiffres et tirets.",
  title: "Titre",
  posting: "Publication depuis le portail",
  postingModes: { off: "Fermée", review: "Les messages attendent dans «\u202fÀ examiner\u202f»", open: "Les messages sont publiés aussitôt" },
  indexing: "Laisser les moteurs de recherche l’indexer",
  brandColor: "Couleur de la marque",
  brandColorHint: "#rrvvbb\u202f; vide pour celle par défaut.",
  brandColorEmpty: "Ou laissez le champ vide pour la couleur par défaut.",
  signInUrl: "Votre page de connexion (authentification unique)",
  signInUrlHint:
    "Là où «\u202fSe connecter\u202f» du portail envoie les personnes\u202f: une page de votre application qui les connecte, puis les renvoie vers {address}/sso avec un jeton et le return_to reçu. https (http seulement sur localhost, 127.x.x.x ou [::1], pour le développement)\u202f; vide pour aucune.",
  signInUrlEmpty: "Ou laissez le champ vide pour n’en avoir aucune.",
  signInUrlNoSecret: "Le portail y enverra les personnes dès qu’un secret d’authentification unique existera (ci-dessous).",
  statusLabels: "Libellés publics des statuts",
  statusLabelHint: "Vide pour celui par défaut.",
  statusLabelOf: "Libellé public de «\u202f{status}\u202f»",
  save: "Enregistrer",
  saved: "Réglages du portail enregistrés.",
  sso: "Authentification unique",
  ssoIntro:
    "Votre serveur signe {sub, email, name?, exp} en JWT HS256 avec ce secret\u202f; les personnes ouvrent ensuite {address}/sso?token= suivi du jeton.",
  ssoSet: "Un secret existe. Le renouveler refuse aussitôt les jetons signés avec l’actuel.",
  ssoNone: "Pas encore de secret.",
  ssoLost:
    "Le secret ne peut plus être lu\u202f: il a été scellé avec une clé que ce service n’a plus. Tant que vous n’en créez pas un nouveau, donné à votre serveur, le portail n’envoie personne vers votre page de connexion et refuse tous les jetons.",
  ssoCreate: "Créer le secret",
  ssoRotate: "Renouveler le secret",
  ssoConfirmRotate: "Renouveler le secret d’authentification unique\u202f?",
  ssoRotateHint: "Les jetons signés avec l’actuel sont refusés aussitôt, jusqu’à ce que votre serveur signe avec le nouveau.",
  ssoShown: "Le nouveau secret, montré cette seule fois. Copiez-le dans la configuration de votre serveur\u202f:",
  openPortal: "Ouvrir le portail",
};

type PortalTeamWords = typeof EN;
export const portalTeamWords = (language: Language): PortalTeamWords => (language === "fr" ? FR : EN);
