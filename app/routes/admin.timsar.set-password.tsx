import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FieldErrors } from "~/components/forms";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { i18nServer } from "~/i18n/i18next.server";
import { adminStaffMessages } from "~/i18n/browser/areas/admin/staff";
import { acceptInvitation, findInvitation } from "~/models/accounts/index.server";
import { redirectWithToast } from "~/cookies/toast.server";
import { parseWithZod, StaffPasswordSchema } from "~/shared/schemas.server";
import { readFormData } from "~/utils/form-data.server";

/** The invitation page's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminStaffMessages;

/**
 * The mailed invitation link: an invited member sets a password here (the link works once, for 72 hours), then signs in
 * at /admin/timsar like everyone else. Opening the link changes nothing (mail scanners open links); the form's POST does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  const [t, invitation] = await Promise.all([i18nServer.getFixedT(request), findInvitation(token)]);
  return { title: t("admin.setPassword.title"), token, email: invitation?.admin.email ?? null };
}

/** A password set ends on the admin sign-in page with the flash "password set", as a shopper's reset does (decision 0049). */
export async function action({ request }: ActionFunctionArgs) {
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const submission = parseWithZod(form, { schema: StaffPasswordSchema });
  if (submission.status !== "success") {
    const tokenMissing = Boolean(submission.error?.token);
    return data({ ok: false, message: tokenMissing ? t("admin.setPassword.invalidLink") : t("admin.setPassword.passwordMin") }, { status: 400 });
  }
  const email = await acceptInvitation(submission.value.token, submission.value.password, request.headers.get("x-request-id"));
  if (!email) return data({ ok: false, message: t("admin.setPassword.invalidLink") }, { status: 410 });
  return redirectWithToast("/admin/timsar", { name: "staffPasswordSet" });
}

export default function SetPasswordPage() {
  const { t } = useTranslation();
  const { token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="page admin-page admin-login">
      <h1>{t("admin.setPassword.title")}</h1>
      {email ? (
        <Form method="post" className="admin-card admin-form" data-testid="set-password-form">
          <p>{t("admin.setPassword.intro", { email: "\u2068" + email + "\u2069" })}</p>
          <input type="hidden" name="token" value={token} />
          <div className="field">
            <label htmlFor="new-password">{t("admin.setPassword.password")}</label>
            <input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={200}
              aria-invalid={result ? true : undefined}
              aria-describedby={result ? "new-password-error" : undefined}
            />
            <FieldErrors id="new-password-error" errors={result ? [result.message] : undefined} />
          </div>
          <button type="submit" className="button button--primary">
            {t("admin.setPassword.submit")}
          </button>
        </Form>
      ) : (
        <p role="alert" data-testid="set-password-invalid">
          {t("admin.setPassword.invalidLink")}
        </p>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
