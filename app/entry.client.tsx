import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { languageOrDefault } from "./i18n/config";
import { I18nProvider, type Messages } from "./i18n/react";

const language = languageOrDefault(document.documentElement.lang);

// Only the page's language, without the administration texts: a module of its own, preloaded by the root's
// <head> (app/utils/browser-messages.server.ts), so it costs no extra round trip.
const loading = language === "ar" ? import("./i18n/browser/ar") : import("./i18n/browser/en");

void loading.then(({ messages }) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider language={language} messages={messages as Messages}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nProvider>,
    );
  });
});
