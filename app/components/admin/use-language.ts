import { useTranslation } from "~/i18n/translation";
import { languageOrDefault, type Language } from "~/shared/language";

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOrDefault(i18n.language);
}
