import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { inviteMember } from "../../../core/team/invite-member.ts";
import { listInvitations } from "../../../core/team/list-invitations.ts";
import { revokeInvitation } from "../../../core/team/revoke-invitation.ts";
import { InvitationCreate, InvitationList, InvitationWithLink } from "../../../core/team/schemas.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { acceptedLanguage } from "../language.ts";
import { json } from "../reply.ts";

/** Invitations to join the organization, for Admins (scope members:manage, which agents cannot hold). Beyond the specification. */
export function invitationRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/invitations" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .get(
      "/v1/invitations",
      async ({ grant, refuse }) => {
        const listed = await listInvitations(services, grant);
        return listed.ok ? json({ data: listed.value }) : refuse(listed);
      },
      {
        operation: "members.invite",
        detail: operation({
          summary: "List pending invitations",
          description: "Invitations neither used nor revoked, newest first; those past their 7 days say `expired`.",
          tags: ["Members"],
          responses: { 200: { description: "The pending invitations.", schema: InvitationList } },
        }),
      },
    )
    .post(
      "/v1/invitations",
      async ({ request, grant, body, refuse }) => {
        const language = acceptedLanguage(request);
        const invited = await inviteMember(services, grant, { email: body.email, role: body.role, language });
        return invited.ok ? json({ ...invited.value.invitation, url: invited.value.url }, 201) : refuse(invited);
      },
      {
        operation: "members.invite",
        ...jsonBody(InvitationCreate, "invalid_body"),
        detail: operation({
          summary: "Invite a person by e-mail",
          description:
            "Mails the person a single-use link, valid 7 days, to choose a name and a password and join the organization with the role (a person who has an account gives its password). The link is in this answer once, to hand over another way.",
          tags: ["Members"],
          body: InvitationCreate,
          responses: { 201: { description: "The invitation, with its link.", schema: InvitationWithLink } },
          errors: ["invalid_json", "invalid_body", "already_member", "rate_limited"],
        }),
      },
    )
    .delete(
      "/v1/invitations/:id",
      async ({ params, grant, refuse }) => {
        const revoked = await revokeInvitation(services, grant, params.id);
        return revoked.ok ? new Response(null, { status: 204 }) : refuse(revoked);
      },
      {
        operation: "members.invite",
        detail: operation({
          summary: "Revoke an invitation",
          tags: ["Members"],
          path: { id: "Invitation id." },
          responses: { 204: { description: "Revoked: its link no longer opens." } },
          errors: ["not_found"],
        }),
      },
    );
}
