import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PageToast as PageToastData } from "~/shared/toast-messages";
import { DelayedRedirect } from "./delayed-redirect";
import { Toast } from "./toast";

/**
 * The one toast a form's answer leaves (the flash the root loader read, decision 0049), with SPEC's timed next step
 * when it has one. It belongs to the page it arrived on: once the visitor moves on it is gone, as a page's own
 * toast was, even if they come back to that page. Its timed next page is loaded whole (DelayedRedirect), so that
 * page's root loader says the message again (readToast).
 */
export function PageToast({ toast }: { toast: PageToastData }) {
  const { pathname } = useLocation();
  const [shownOn] = useState(pathname);
  const [left, setLeft] = useState(false);
  useEffect(() => {
    if (pathname !== shownOn) setLeft(true);
  }, [pathname, shownOn]);
  if (left || pathname !== shownOn) return null;
  return (
    <>
      <Toast message={toast.message} kind={toast.kind} durationMs={toast.durationMs} />
      {toast.next ? <DelayedRedirect to={toast.next.to} delayMs={toast.next.afterMs} /> : null}
    </>
  );
}
