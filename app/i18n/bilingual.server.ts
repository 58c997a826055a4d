import type { ParseKeys, TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import { fixedT } from "~/i18n/fixed-t.server";

/** A key of the translation files, checked by the typecheck ("admin.orders.statusUpdated"). */
export type MessageKey = ParseKeys;

/**
 * The one way to build a message for an API answer, which has no language of its own: "English / العربية".
 * Every text comes from the locale files, so the missing-translation test covers it.
 */
export function bilingual(key: MessageKey, options: Record<string, unknown> = {}): string {
  return bilingualFrom((t) => String(t(key as never, options as never)));
}

/** The same, for a message that is put together from several keys by `render`. */
export function bilingualFrom(render: (t: TFunction, language: Language) => string): string {
  return `${render(fixedT("en"), "en")} / ${render(fixedT("ar"), "ar")}`;
}

/** conform's field errors carry translation keys; API clients get each one in both languages. */
export function bilingualFieldErrors(errors: Record<string, string[] | null | undefined> | null | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(errors ?? {})) {
    if (field && keys?.length) result[field] = keys.map((key) => bilingual(key as MessageKey));
  }
  return result;
}

/** One side of a bilingual message, for a page that shows only the visitor's language. */
export function inLanguage(message: string, language: Language): string {
  const [en, ar] = message.split(" / ");
  return (language === "en" ? en : ar) ?? message;
}
