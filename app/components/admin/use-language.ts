import { useTranslation } from "~/i18n/translation";
import { languageOrDefault, type Language } from "~/i18n/config";

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOrDefault(i18n.language);
}
