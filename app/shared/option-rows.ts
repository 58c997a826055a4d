import type { Language } from "./language";

/**
 * The product form's option rows read without zod: the variant grid shows its rows' values with these in the browser,
 * where the schemas (app/shared/admin-schemas.ts) load only after the page is up (decision 0021).
 */
type OptionRow = { nameEn?: string; nameAr?: string; valuesEn?: string; valuesAr?: string };

/** An option's values as the owner typed them: one per line, blank lines left out. */
export function optionLines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The option rows the owner filled in; the form always offers MAX_OPTIONS, blank ones are not options. Conform reads a
 * row of empty inputs as `undefined`, not as a row of empty strings, so a blank row can be missing altogether.
 */
export function usedOptions(options: (OptionRow | undefined)[] | undefined): OptionRow[] {
  return (options ?? []).filter((option): option is OptionRow => Boolean(option?.nameEn || option?.nameAr || option?.valuesEn || option?.valuesAr));
}

/**
 * A grid row's values as the page's language names them: the row keeps its values' English names (`match`, which the
 * grid posts back); an Arabic page shows each value's Arabic name from the options as typed, the English one only
 * where the owner gave none (issue 43).
 */
export function variantRowLabel(match: string, options: (OptionRow | undefined)[] | undefined, language: Language): string {
  if (language === "en") return match;
  const used = usedOptions(options);
  return match
    .split(" / ")
    .map((name, at) => {
      const position = optionLines(used[at]?.valuesEn).indexOf(name);
      return (position >= 0 && optionLines(used[at]?.valuesAr)[position]) || name;
    })
    .join(" / ");
}
