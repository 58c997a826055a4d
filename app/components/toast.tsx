import { useEffect, useState } from "react";

/**
 * A message that hides itself after `durationMs` (the SPEC's toast timings). It is rendered by the server too,
 * so a visitor without JavaScript still reads it; only the hiding needs JavaScript.
 */
export function Toast({ message, kind = "info", durationMs }: { message: string; kind?: "info" | "success" | "error"; durationMs: number }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = window.setTimeout(() => setVisible(false), durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs]);
  if (!visible) return null;
  return (
    <div className={`toast toast--${kind}`} role={kind === "error" ? "alert" : "status"} data-testid="toast">
      {message}
    </div>
  );
}
