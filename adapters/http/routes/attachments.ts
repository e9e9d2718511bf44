import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { openAttachment } from "../../../core/attachments/open-attachment.ts";
import { failureResponse } from "../reply.ts";

/** Attachments by signed link: the link is the credential, and it expires after 15 minutes. */
export function attachmentRoutes(services: Services) {
  return new Elysia({ name: "routes/attachments" }).get(
    "/attachments/:id",
    async ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      const opened = await openAttachment(services, params.id, Number(query.get("exp")), query.get("sig") ?? "");
      if (!opened.ok) return failureResponse(request, opened);
      return new Response(opened.value.bytes as BodyInit, {
        headers: {
          "content-type": opened.value.contentType,
          "cache-control": "private, max-age=60",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
        },
      });
    },
    { detail: { hide: true } },
  );
}
