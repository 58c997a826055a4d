import { useEffect } from "react";

/**
 * SPEC's "then go to … after 1.2 s": with JavaScript a timer loads the page; without it, a refresh inside <noscript>
 * does the same. A whole load, as without JavaScript: the page it lands on says the form's message again from the
 * flash (app/cookies/toast.server.ts), which only the root's loader reads, and a client-side move does not run it.
 */
export function DelayedRedirect({ to, delayMs }: { to: string; delayMs: number }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(to), delayMs);
    return () => window.clearTimeout(timer);
  }, [to, delayMs]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${delayMs / 1000};url=${to}`} />
    </noscript>
  );
}
