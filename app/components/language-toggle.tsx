import { useId } from "react";
import { useTranslation } from "~/i18n/translation";
import type { Language } from "~/shared/language";

/**
 * A real form posting to /language, so the switch works without JavaScript; the server sets the `lang` cookie
 * and sends the visitor back to the same page. With JavaScript the choice is also kept in localStorage.
 * The button's name is its visible text ("English" / "العربية"), so speech input and role queries find it by what
 * they see (WCAG 2.5.3); what it does is its description, in the page's language.
 */
export function LanguageToggle({ language, currentPath }: { language: Language; currentPath: string }) {
  const { t } = useTranslation();
  const next: Language = language === "ar" ? "en" : "ar";
  const descriptionId = useId();
  return (
    <form
      method="post"
      action="/language"
      className="language-toggle"
      onSubmit={() => {
        try {
          window.localStorage.setItem("lang", next);
        } catch {
          // storage can be blocked (private mode); the cookie still carries the choice
        }
      }}
    >
      <input type="hidden" name="lang" value={next} />
      <input type="hidden" name="redirectTo" value={currentPath} />
      <button type="submit" lang={next} aria-describedby={descriptionId} data-testid="language-toggle">
        {t("language.switchTo")}
      </button>
      {/* Hidden: read only as the button's description, not a second time as text of its own. */}
      <span id={descriptionId} hidden>
        {t("language.switchLabel")}
      </span>
    </form>
  );
}
