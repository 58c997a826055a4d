import { bilingual } from "~/i18n/bilingual.server";
import { readWholeNumber, type WholeNumberRule } from "~/shared/paging";

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

/**
 * Paging parameters of an API call (`page`, `pageSize`): each a whole number within its rule, or the rule's default
 * when left out. Anything else is the client's mistake and is answered 400 rather than guessed at.
 */
export function readApiPaging<Name extends string>(params: URLSearchParams, rules: Record<Name, WholeNumberRule>): Record<Name, number> {
  const values = {} as Record<Name, number>;
  for (const [name, rule] of Object.entries(rules) as [Name, WholeNumberRule][]) {
    const value = readWholeNumber(params.get(name), rule);
    if (value === null) throw jsonError(400, bilingual("api.invalidPaging", { name, min: rule.min, max: rule.max }));
    values[name] = value;
  }
  return values;
}
