import { Type, type Static } from "@sinclair/typebox";
import { Text } from "./text.ts";

/** The e-mail shape votes accept: one @, no spaces, a dot in the domain (as reports' authors). */
const VOTER_EMAIL_PATTERN = "^[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+$";
export const VOTER_NAME_MAX_LENGTH = 200;

export const VoteRequest = Type.Object(
  {
    email: Text({
      minLength: 3,
      maxLength: 254,
      pattern: VOTER_EMAIL_PATTERN,
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
