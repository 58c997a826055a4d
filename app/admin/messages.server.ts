import { i18nServer } from "~/i18n/i18next.server";

/** A translation key such as "admin.orders.statusUpdated" (checked by app/i18n/resources.test.ts). */
type Key = string;

/** API answers carry user-facing messages in both languages: "English / العربية". */
export async function bilingual(key: Key, options: Record<string, unknown> = {}): Promise<string> {
  const [en, ar] = await Promise.all([i18nServer.getFixedT("en"), i18nServer.getFixedT("ar")]);
  return `${en(key as never, options as never)} / ${ar(key as never, options as never)}`;
}

/** conform's field errors carry translation keys; API clients get them translated into both languages. */
export async function bilingualFieldErrors(errors: Record<string, string[] | null> | null | undefined): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (!messages?.length || !field) continue;
    result[field] = await Promise.all(messages.map((message) => bilingual(message as Key)));
  }
  return result;
}
