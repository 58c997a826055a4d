import type { Language } from "~/shared/language";

/**
 * A route's texts beyond the ones every page has, declared as `handle.messages`: one module per language, so the
 * browser fetches only the page's (app/i18n/browser/areas/).
 */
export type RouteMessages = Record<Language, () => Promise<object>>;
type LoadArea = RouteMessages[Language];

const loadedAreas = new Map<LoadArea, object>();
const loadingAreas = new Map<LoadArea, Promise<void>>();

/** An area adds namespaces, or sections to one: the admin pages' groups all fill `admin`. */
export function mergeArea(base: object, area: object): Record<string, unknown> {
  const table: Record<string, unknown> = { ...base };
  for (const [name, texts] of Object.entries(area)) table[name] = { ...(table[name] as object | undefined), ...(texts as object) };
  return table;
}

/**
 * The texts of a route that shows several areas' texts (My Orders: the account's and the order statuses of the
 * checkout's). Each language is one loader function, made once here, because the loaded tables are kept by it.
 */
export function combinedAreas(...areas: { messages: RouteMessages }[]): { messages: RouteMessages } {
  const combined = (language: Language) => () =>
    Promise.all(areas.map((area) => area.messages[language]())).then((tables) => tables.reduce(mergeArea, {}));
  return { messages: { ar: combined("ar"), en: combined("en") } };
}

export function areaOf(handle: unknown, language: Language): LoadArea | undefined {
  return (handle as { messages?: RouteMessages } | undefined)?.messages?.[language];
}

export function loadedArea(load: LoadArea): object | undefined {
  return loadedAreas.get(load);
}

export function loadArea(load: LoadArea): Promise<void> {
  let loading = loadingAreas.get(load);
  if (!loading) {
    loading = load().then((area) => void loadedAreas.set(load, area));
    loadingAreas.set(load, loading);
  }
  return loading;
}

/** Fetches the texts the given routes' handles name, in one language; the client entry awaits it before hydrating. */
export async function loadRouteMessages(handles: unknown[], language: Language): Promise<void> {
  await Promise.all(handles.flatMap((handle) => areaOf(handle, language) ?? []).map(loadArea));
}
