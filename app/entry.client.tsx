import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
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

/**
 * Marks `<html data-hydrated>` once React has committed the hydrated page: the root's effects run after every
 * child's, when React's event handlers are attached. The render in which every `useHydrated` turns true (the forms'
 * `mode=fetch`) follows in the same task, before the page can take a click (app/components/use-hydrated.ts; it was a
 * task later once, and a click between the two saved an order's status as if JavaScript were off). A full page load
 * (a form posted or a link followed without client routing) runs this entry again and marks the new document. The
 * browser journeys act only on a marked page (tests/e2e/fixtures.ts); a key pressed or a button clicked before it
 * goes to the server's plain HTML instead.
 */
function HydrationMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return children;
}

void Promise.all([loading, areas]).then(([{ messages }]) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider language={language} messages={messages as Messages}>
        <StrictMode>
          <HydrationMark>
            <RemixBrowser />
          </HydrationMark>
        </StrictMode>
      </I18nProvider>,
    );
  });
});
