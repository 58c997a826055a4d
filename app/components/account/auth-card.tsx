import { useTranslation } from "~/i18n/translation";
import { FormMessage } from "~/components/form-message";
import { useHydrated } from "~/components/use-hydrated";

/** The narrow card every account form sits in. */
export function AuthCard({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="page page--narrow account-card" data-testid={testId}>
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/** Form-level errors carry translation keys (account.messages.*); shown in the page's language. */
export function FormErrors({ errors }: { errors?: string[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return <FormMessage message={errors.map((error) => t(error as never, { defaultValue: error })).join(" ")} />;
}

/**
 * Sent as `js=1` once React runs, so the server can answer data (and the page waits SPEC's seconds before moving
 * on) instead of a plain redirect for browsers without JavaScript.
 */
export function JsFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}

/** A sentence followed by an e-mail address, kept left to right inside Arabic text. */
export function EmailNote({ label, email }: { label: string; email: string }) {
  return (
    <p>
      {label}{" "}
      <bdi className="account-email" dir="ltr" data-testid="flow-email">
        {email}
      </bdi>
    </p>
  );
}
