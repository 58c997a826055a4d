/** What a paging query parameter may hold: a whole number from `min` to `max`, `fallback` when it is left out. */
export type WholeNumberRule = { fallback: number; min: number; max: number };

export const PAGE_RULE: WholeNumberRule = { fallback: 1, min: 1, max: 10_000 };

/**
 * A query value as a whole number within the rule, the fallback when absent or empty, and null when it is anything
 * else ("1.5", "-1", "1e3", "abc", out of range): pages then use the fallback, the API answers 400.
 */
export function readWholeNumber(value: string | null | undefined, rule: WholeNumberRule): number | null {
  if (value === null || value === undefined || value.trim() === "") return rule.fallback;
  if (!/^\d{1,9}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= rule.min && number <= rule.max ? number : null;
}

/** For pages: a bad value is the same as none, so an edited link still shows the list. */
export function readPageParam(params: URLSearchParams, name: string, rule: WholeNumberRule = PAGE_RULE): number {
  return readWholeNumber(params.get(name), rule) ?? rule.fallback;
}
