import { openApiJson } from "~/api/openapi.server";

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of every API call, built from the routes' zod schemas. */
export function loader() {
  return new Response(openApiJson(), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
