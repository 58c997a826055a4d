import { useLocation, useMatches } from "@remix-run/react";
import { areaOf, loadArea, loadedArea, mergeArea } from "./area-messages";
import { I18nProvider, useTranslation, type Messages } from "./translation";

// One merged table per (base, areas) so the translator and its lookups are made once, not on every render.
const merged = new WeakMap<object, WeakMap<object, Messages>>();

function withArea(base: Messages, area: object): Messages {
  let byArea = merged.get(base);
  if (!byArea) merged.set(base, (byArea = new WeakMap()));
  let table = byArea.get(area);
  if (!table) byArea.set(area, (table = mergeArea(base, area) as Messages));
  return table;
}

/**
 * Adds the texts of the matched routes' areas to the page's own. In the browser those start as the shell and
 * catalogue texts of one language (app/entry.client.tsx); on the server they are all texts, and nothing is added.
 * A client navigation into an area whose texts have not arrived waits for them: Remix renders navigations in a
 * transition, so the previous page stays on screen meanwhile. If they cannot be fetched, the page is loaded whole.
 */
export function WithRouteMessages({ children }: { children: React.ReactNode }) {
  const { i18n, messages } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  if (typeof document === "undefined") return <>{children}</>;
  let table = messages;
  for (const match of matches) {
    const load = areaOf(match.handle, i18n.language);
    if (!load) continue;
    const area = loadedArea(load);
    if (!area) {
      throw loadArea(load).catch(() => {
        window.location.assign(location.pathname + location.search);
        return new Promise<never>(() => {});
      });
    }
    table = withArea(table, area);
  }
  if (table === messages) return <>{children}</>;
  return (
    <I18nProvider language={i18n.language} messages={table}>
      {children}
    </I18nProvider>
  );
}
