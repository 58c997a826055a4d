import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { PageToast as PageToastData } from "~/shared/toast-messages";
import { DelayedRedirect } from "./delayed-redirect";
import { Toast } from "./toast";

/**
 * The one toast a form's answer leaves (the flash the root loader read, decision 0049), with SPEC's timed next step
 * when it has one. It belongs to the page it arrived on: once the visitor moves on it is gone, as a page's own
 * toast was, even if they come back to that page. Arrived at its timed next page, it asks the root again, which
 * has the message for that page too (readToast): a client-side move does not run the root's loader by itself.
 */
export function PageToast({ toast }: { toast: PageToastData }) {
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const [shownOn] = useState(pathname);
  const [left, setLeft] = useState(false);
  const asked = useRef(false);
  const nextPath = toast.next ? toast.next.to.split(/[?#]/)[0] : null;
  useEffect(() => {
    if (pathname === shownOn) return;
    setLeft(true);
    if (pathname === nextPath && !asked.current) {
      asked.current = true;
      revalidate();
    }
  }, [pathname, shownOn, nextPath, revalidate]);
  if (left || pathname !== shownOn) return null;
  return (
    <>
      <Toast message={toast.message} kind={toast.kind} durationMs={toast.durationMs} />
      {toast.next ? <DelayedRedirect to={toast.next.to} delayMs={toast.next.afterMs} /> : null}
    </>
  );
}
