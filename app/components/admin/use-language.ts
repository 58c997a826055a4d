import { useTranslation } from "~/i18n/react";
import { isLanguage, defaultLanguage, type Language } from "~/i18n/config";

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}
