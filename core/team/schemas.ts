import { Type, type Static } from "@sinclair/typebox";
import { Text } from "../schemas/text.ts";
import { ROLES } from "../model.ts";
import { literals } from "../schemas/literals.ts";

export const InvitationCreate = Type.Object(
  {
    email: Text({ minLength: 3, maxLength: 254, description: "The e-mail address to invite." }),
    role: literals(ROLES),
  },
  { $id: "InvitationCreate", additionalProperties: false },
);
export type InvitationCreate = Static<typeof InvitationCreate>;

export const Invitation = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    role: literals(ROLES),
    createdAt: Type.String({ format: "date-time" }),
    expiresAt: Type.String({ format: "date-time", description: "7 days after it was made; the link then no longer opens." }),
    expired: Type.Boolean(),
  },
  { $id: "Invitation" },
);

export const InvitationWithLink = Type.Object(
  {
    ...Invitation.properties,
    url: Type.String({ description: "The invitation link, shown this once (it is also mailed): single use, valid 7 days." }),
  },
  { $id: "InvitationWithLink" },
);

export const InvitationList = Type.Object({ data: Type.Array(Invitation) }, { $id: "InvitationList" });
