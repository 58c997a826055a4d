import { useEffect, useState } from "react";

/** False in the server's HTML and until React runs: enhancements (disabled Pay, auto-advance) wait for it. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
