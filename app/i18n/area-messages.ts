import type { Language } from "./config";

/**
 * A route's texts beyond the ones every page has, declared as `handle.messages`: one module per language, so the
 * browser fetches only the page's (app/i18n/browser/areas/).
 */
export type RouteMessages = Record<Language, () => Promise<object>>;
type LoadArea = RouteMessages[Language];

const loadedAreas = new Map<LoadArea, object>();
const loadingAreas = new Map<LoadArea, Promise<void>>();

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
