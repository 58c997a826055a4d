import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates it, true from the render after: React hydrates with the
 * server's answer, sees the browser's differ, and renders again at once, in the same task, so the page never takes a
 * click with the forms still unenhanced (the journeys' mark, app/entry.client.tsx, is set in that task too). With
 * `useState` and an effect that render came a task later, and a click could land between. A component mounted after
 * (a client navigation) is true from its first render. Enhancements wait for it (a disabled Pay button,
 * auto-advance), and forms use it to tell the action that JavaScript is running.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
