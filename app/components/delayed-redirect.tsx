import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * SPEC's "then go to … after 1.2 s": with JavaScript a timer navigates; without it, a refresh inside
 * <noscript> does the same.
 */
export function DelayedRedirect({ to, delayMs }: { to: string; delayMs: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to), delayMs);
    return () => window.clearTimeout(timer);
  }, [to, delayMs, navigate]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${delayMs / 1000};url=${to}`} />
    </noscript>
  );
}
