import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { languageOrDefault } from "./i18n/config";
import { I18nProvider } from "./i18n/react";
import { resources } from "./i18n/resources";

const htmlLanguage = document.documentElement.lang;
const language = languageOrDefault(htmlLanguage);

startTransition(() => {
  hydrateRoot(
    document,
    <I18nProvider language={language} messages={resources[language].translation}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nProvider>,
  );
});
