import { Type, type Static } from "@sinclair/typebox";
import { EMAIL_PATTERN } from "../email.ts";
import { Text } from "./text.ts";

export const VOTER_NAME_MAX_LENGTH = 200;

export const VoteRequest = Type.Object(
  {
    email: Text({
      minLength: 3,
      maxLength: 254,
      // The e-mail shape of reports' authors: one @, no spaces, a dot in the domain.
      pattern: EMAIL_PATTERN,
      description: "The e-mail address of the person whose vote is relayed.",
    }),
    name: Type.Optional(Text({ minLength: 1, maxLength: VOTER_NAME_MAX_LENGTH, description: "Their name, as the team knows it." })),
  },
  { $id: "VoteRequest", additionalProperties: false },
);
export type VoteRequest = Static<typeof VoteRequest>;

const VoterEntry = Type.Object({
  email: Type.String(),
  name: Type.Optional(Type.String()),
  votedAt: Type.String({ format: "date-time", description: "When the person first voted (for this feedback or one merged into it)." }),
});

export const VoterList = Type.Object(
  { data: Type.Array(VoterEntry, { description: "The people counted in the feedback's votes, each once, first voters first." }) },
  { $id: "VoterList" },
);
export type VoterList = Static<typeof VoterList>;
