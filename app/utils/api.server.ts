import { bilingual } from "~/i18n/bilingual.server";

/** CONTRACT.md's error shape: `{ message }`, plus field errors where there are any. */
export function jsonError(status: number, message: string, fieldErrors?: Record<string, string[]>) {
  return Response.json(fieldErrors ? { message, fieldErrors } : { message }, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/** Reads a JSON body, answering 400 instead of throwing on malformed input. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw jsonError(400, bilingual("api.invalidJson"));
  }
}
