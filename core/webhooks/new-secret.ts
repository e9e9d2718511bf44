import type { Services } from "../services.ts";

/** A webhook's signing secret, shown once. */
export const newSecret = (services: Pick<Services, "ids">) => `whsec_${services.ids.secret()}`;
