import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { languageOrDefault } from "./shared/language";
import { I18nProvider, type Messages } from "./i18n/react";
import { loadRouteMessages } from "./i18n/area-messages";

const language = languageOrDefault(document.documentElement.lang);

// Only the page's language, without the administration texts: a module of its own, preloaded by the root's
// <head> (app/utils/browser-messages.server.ts), so it costs no extra round trip.
const loading = language === "ar" ? import("./i18n/browser/ar") : import("./i18n/browser/en");

// The first page's routes are imported by Remix's inline script before this entry runs; their area texts
// (account, checkout, administration) are fetched alongside, so the page hydrates with every text it shows.
const routeModules = (window as { __remixRouteModules?: Record<string, { handle?: unknown }> }).__remixRouteModules ?? {};
const areas = loadRouteMessages(
  Object.values(routeModules).map((module) => module.handle),
  language,
);

void Promise.all([loading, areas]).then(([{ messages }]) => {
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
