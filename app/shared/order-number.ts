/** SPEC section 5: trimmed, and an `ord-` prefix in any case becomes `ORD-`. */
export function normalizeOrderNumber(value: string): string {
  const trimmed = value.trim();
  return /^ord-/i.test(trimmed) ? `ORD-${trimmed.slice(4)}` : trimmed;
}
