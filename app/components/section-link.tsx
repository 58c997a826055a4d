import { useLocation, useNavigate } from "@remix-run/react";

const SCROLL_RETRIES = 10;
const SCROLL_RETRY_MS = 100;

function scrollToSection(id: string, triesLeft: number) {
  const target = document.getElementById(id);
  if (target) {
    target.scrollIntoView({ behavior: "smooth", block: "start" });
    return;
  }
  if (triesLeft > 0) window.setTimeout(() => scrollToSection(id, triesLeft - 1), SCROLL_RETRY_MS);
}

/**
 * A plain `/#id` link, so it works without JavaScript; with JavaScript it scrolls smoothly, going home first
 * when the section is elsewhere and retrying while the home page renders (SPEC section 2, Header).
 */
export function SectionLink({ sectionId, children }: { sectionId: string; children: React.ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <a
      href={`/#${sectionId}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button) return;
        event.preventDefault();
        event.currentTarget.closest("details")?.removeAttribute("open");
        if (location.pathname !== "/") navigate("/");
        scrollToSection(sectionId, SCROLL_RETRIES);
      }}
    >
      {children}
    </a>
  );
}
