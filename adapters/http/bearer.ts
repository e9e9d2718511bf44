import { Elysia, status } from "elysia";
import type { Operation } from "../../core/authorization.ts";
import type { Services } from "../../core/services.ts";
import { grantFor } from "./authorize.ts";

/**
 * Bearer authentication as a named plugin: a route says which operation it performs
 * (`{ operation: "feedbacks.read" }`) and its handler receives the resolved `grant`. A refused
 * request never reaches the handler: it answers with the refusal and its challenge.
 */
export const bearer = (services: Services, perMinute: number) =>
  new Elysia({ name: "auth/bearer", seed: perMinute }).macro({
    operation: (operation: Operation) => ({
      async resolve({ request }) {
        const granted = await grantFor(services, request, operation, perMinute);
        // Elysia ends the request on a status returned by resolve; the refusal is already a whole response.
        if (!granted.ok) return status(granted.response!.status as 401, granted.response!);
        return { grant: granted.value };
      },
    }),
  });
