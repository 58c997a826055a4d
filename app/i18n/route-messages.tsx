import { useMatches } from "@remix-run/react";
import type { Language } from "./config";
import { I18nProvider, useTranslation, type Messages } from "./react";

/** A route's texts beyond the ones every page has, in both languages, declared as `handle.messages`. */
export type RouteMessages = Record<Language, object>;

// One merged table per (base, areas) so the translator and its lookups are made once, not on every render.
const merged = new WeakMap<object, WeakMap<object, Messages>>();

function withArea(base: Messages, area: object): Messages {
  let byArea = merged.get(base);
  if (!byArea) merged.set(base, (byArea = new WeakMap()));
  let table = byArea.get(area);
  if (!table) byArea.set(area, (table = { ...base, ...area } as Messages));
  return table;
}

/**
 * Adds the texts of the matched routes' areas (app/i18n/browser/areas/) to the page's own. In the browser those
 * start as the shell and catalogue texts of one language (app/entry.client.tsx); on the server they are all texts,
 * and adding changes nothing.
 */
export function WithRouteMessages({ children }: { children: React.ReactNode }) {
  const { i18n, messages } = useTranslation();
  let table = messages;
  for (const match of useMatches()) {
    const area = (match.handle as { messages?: RouteMessages } | undefined)?.messages?.[i18n.language];
    if (area) table = withArea(table, area);
  }
  if (table === messages) return <>{children}</>;
  return (
    <I18nProvider language={i18n.language} messages={table}>
      {children}
    </I18nProvider>
  );
}
