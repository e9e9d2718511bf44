import { Type, type Static } from "@sinclair/typebox";
import { describeProblem, type FieldProblem } from "./schemas/field-problem.ts";

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: "Readable message (English, or French with Accept-Language: fr)." }),
    code: Type.String({ description: "Stable code, to be tested by the client." }),
  },
  { $id: "Error" },
);
export type ErrorBody = Static<typeof ErrorBody>;

export type Language = "en" | "fr";

interface Entry {
  readonly status: number;
  readonly en: string;
  readonly fr: string;
}

/**
 * Every error code of the interface, with its HTTP status and message.
 * The HTTP adapter is the only reader of `status`; everything else passes codes around.
 */
export const ERRORS = {
  invalid_json: { status: 400, en: "The request body is not valid JSON.", fr: "Le corps de la requête n'est pas du JSON valide." },
  invalid_ingest: { status: 400, en: "A field of the report is missing or invalid.", fr: "Un champ du signalement est absent ou invalide." },
  invalid_idempotency_key: {
    status: 400,
    en: "The idempotency key must be 1 to 255 characters long.",
    fr: "La clé d'idempotence doit comporter de 1 à 255 caractères.",
  },
  invalid_answer: { status: 400, en: "The answer is invalid.", fr: "La réponse est invalide." },
  missing_answer: { status: 400, en: "Send a text or at least one choice.", fr: "Envoyez un texte ou au moins un choix." },
  invalid_query: { status: 400, en: "A filter is unknown or invalid.", fr: "Un filtre est inconnu ou invalide." },
  invalid_cursor: { status: 400, en: "The cursor cannot be read.", fr: "Le curseur est illisible." },
  invalid_body: { status: 400, en: "The request body is invalid.", fr: "Le corps de la requête est invalide." },
  unauthorized: { status: 401, en: "An access token is required.", fr: "Un jeton d'accès est requis." },
  invalid_token: {
    status: 401,
    en: "The access token is unknown, expired or revoked.",
    fr: "Le jeton d'accès est inconnu, expiré ou révoqué.",
  },
  insufficient_scope: {
    status: 403,
    en: "The access token lacks the scope this request needs.",
    fr: "Le jeton d'accès n'a pas la portée requise.",
  },
  forbidden: { status: 403, en: "Your role does not allow this change.", fr: "Votre rôle ne permet pas cette modification." },
  channel_mismatch: {
    status: 403,
    en: "This key is neither an API channel key nor a form key.",
    fr: "Cette clé n'est ni celle d'un canal API ni celle d'un formulaire.",
  },
  channel_inactive: { status: 403, en: "This channel is disabled.", fr: "Ce canal est désactivé." },
  unknown_app: { status: 404, en: "No app has this key.", fr: "Aucune application n'a cette clé." },
  not_found: { status: 404, en: "Not found.", fr: "Introuvable." },
  qualification_not_found: {
    status: 404,
    en: "This qualification is unknown or has expired.",
    fr: "Cette qualification est inconnue ou a expiré.",
  },
  idempotency_in_progress: {
    status: 409,
    en: "A request with this idempotency key is still running.",
    fr: "Une requête avec cette clé d'idempotence est encore en cours.",
  },
  message_too_long: {
    status: 413,
    en: "The message is longer than 10000 characters.",
    fr: "Le message dépasse 10000 caractères.",
  },
  method_not_allowed: {
    status: 405,
    en: "This address does not answer to this method; the Allow header lists those it answers to.",
    fr: "Cette adresse ne répond pas à cette méthode ; l'en-tête Allow liste celles auxquelles elle répond.",
  },
  payload_too_large: { status: 413, en: "The request body is larger than 256 KB.", fr: "Le corps de la requête dépasse 256 Ko." },
  idempotency_key_reused: {
    status: 422,
    en: "This idempotency key was already used with another body.",
    fr: "Cette clé d'idempotence a déjà servi pour un autre corps.",
  },
  rate_limited: { status: 429, en: "Too many requests. Try again later.", fr: "Trop de requêtes. Réessayez plus tard." },
  quota_exceeded: {
    status: 429,
    en: "The monthly feedback quota of the plan is used up.",
    fr: "Le quota mensuel de retours du forfait est épuisé.",
  },
  qualification_failed: {
    status: 502,
    en: "The AI assistant did not answer. Send the report again without qualify.",
    fr: "L'assistant IA n'a pas répondu. Renvoyez le signalement sans qualify.",
  },
  invalid_link: {
    status: 403,
    en: "This link is invalid or has expired.",
    fr: "Ce lien est invalide ou a expiré.",
  },
  no_tracker: {
    status: 409,
    en: "This app has no issue tracker. An operator sets one with the CLI.",
    fr: "Cette application n'a pas de gestionnaire de tickets. Un opérateur en configure un avec la CLI.",
  },
  invalid_webhook: {
    status: 400,
    en: "The webhook address must be https, public and on port 443 or 8443, and its events among feedback.created, feedback.status_changed and feedback.shipped.",
    fr: "L'adresse du webhook doit être en https, publique et sur le port 443 ou 8443, et ses événements parmi feedback.created, feedback.status_changed et feedback.shipped.",
  },
  webhook_limit_reached: {
    status: 409,
    en: "An organization may have at most 5 webhooks.",
    fr: "Une organisation peut avoir au plus 5 webhooks.",
  },
  weak_password: {
    status: 400,
    en: "A password must be at least 10 characters long.",
    fr: "Un mot de passe doit comporter au moins 10 caractères.",
  },
  user_exists: { status: 409, en: "A person with this e-mail address exists.", fr: "Une personne a déjà cette adresse e-mail." },
  last_admin: {
    status: 409,
    en: "An organization needs at least one Admin: make another member Admin first.",
    fr: "Une organisation a besoin d'au moins un Admin : nommez d'abord un autre membre Admin.",
  },
  missing_host: { status: 400, en: "The request has no Host header.", fr: "La requête n'a pas d'en-tête Host." },
  invalid_signature: {
    status: 401,
    en: "The signature of this request does not match.",
    fr: "La signature de cette requête ne correspond pas.",
  },
  unsupported_media_type: {
    status: 415,
    en: "Send the body as JSON, with Content-Type: application/json.",
    fr: "Envoyez le corps en JSON, avec Content-Type: application/json.",
  },
  internal_error: {
    status: 500,
    en: "Something went wrong on our side. It has been logged.",
    fr: "Une erreur s'est produite de notre côté. Elle a été consignée.",
  },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure, returned as a value by use cases. */
export interface Failure {
  readonly ok: false;
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed (rate limits and quotas). */
  readonly retryAfter?: number;
  /** For a refused request: the field at fault, named in the message. */
  readonly problem?: FieldProblem;
}

export type Result<T> = { readonly ok: true; readonly value: T } | Failure;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, retryAfter?: number): Failure =>
  retryAfter === undefined ? { ok: false, code } : { ok: false, code, retryAfter };

/** A refused request, naming the field at fault and why. */
export const invalid = (code: ErrorCode, problem: FieldProblem): Failure => ({ ok: false, code, problem });

export function errorBody(code: ErrorCode, language: Language, problem?: FieldProblem): ErrorBody {
  const message = ERRORS[code][language];
  return { error: problem ? `${message} ${describeProblem(problem, language)}` : message, code };
}
