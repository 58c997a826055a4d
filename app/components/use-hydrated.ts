import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React runs in the browser. Enhancements wait for it (a disabled Pay button,
 * auto-advance), and forms use it to tell the action that JavaScript is running.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
