import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultLanguage, isLanguage } from "./i18n/config";
import { resources } from "./i18n/resources";

async function hydrate() {
  const htmlLanguage = document.documentElement.lang;
  await i18next.use(initReactI18next).init({
    lng: isLanguage(htmlLanguage) ? htmlLanguage : defaultLanguage,
    fallbackLng: defaultLanguage,
    resources,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
