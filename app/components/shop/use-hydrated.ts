import { useEffect, useState } from "react";

/** False while the server renders and until hydration: lets forms tell the action that JavaScript is running. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
