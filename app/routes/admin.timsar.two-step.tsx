import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FormMessage } from "~/components/forms";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Ltr } from "~/components/ltr";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { totpUri } from "~/auth/totp.server";
import { i18nServer } from "~/i18n/i18next.server";
import { adminStaffMessages } from "~/i18n/browser/areas/admin/staff";
import { disableTwoStep, enableTwoStep, startTwoStep, twoStepState } from "~/models/two-step.server";
import { readFormData } from "~/utils/form-data.server";

/** The two-step page's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminStaffMessages;

/**
 * Two-step sign-in for owners (the `staff` permission is the owner's): the key to add to an authenticator app, turned
 * on by a first code; turning it off asks for a code too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminPermission(request, "staff");
  const [t, state] = await Promise.all([i18nServer.getFixedT(request), twoStepState(admin.id)]);
  const secret = state.enabled ? null : (state.secret ?? (await startTwoStep(admin.id)));
  return { title: t("admin.twoStep.title"), enabled: state.enabled, secret, uri: secret ? totpUri(secret, admin.email) : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "staff");
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const code = String(form.get("code") ?? "").slice(0, 32);
  if (form.get("intent") === "disable") {
    if (!(await disableTwoStep(admin, code))) return data({ ok: false, message: t("admin.twoStep.wrongCode"), codes: null }, { status: 400 });
    return data({ ok: true, message: t("admin.twoStep.disabled"), codes: null });
  }
  const codes = await enableTwoStep(admin, code);
  if (!codes) return data({ ok: false, message: t("admin.twoStep.wrongCode"), codes: null }, { status: 400 });
  return data({ ok: true, message: t("admin.twoStep.enabled"), codes });
}

export default function TwoStepPage() {
  const { t } = useTranslation();
  const { enabled, secret, uri } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="page admin-page" data-testid="two-step-page">
      <h1>{t("admin.twoStep.title")}</h1>
      {result ? <FormMessage kind={result.ok ? "success" : "error"} message={result.message} /> : null}
      {result?.codes ? (
        <ul className="admin-card" data-testid="recovery-codes">
          {result.codes.map((code) => (
            <li key={code}>
              <Ltr>{code}</Ltr>
            </li>
          ))}
        </ul>
      ) : null}
      <p>{enabled ? t("admin.twoStep.on") : t("admin.twoStep.off")}</p>
      <Form method="post" className="admin-form admin-card">
        {!enabled && secret ? (
          <>
            <p>{t("admin.twoStep.secret")}</p>
            <p>
              <Ltr data-testid="totp-secret">{secret}</Ltr>
            </p>
            {uri ? (
              <p>
                <a href={uri} dir="ltr">
                  {uri}
                </a>
              </p>
            ) : null}
          </>
        ) : null}
        <input type="hidden" name="intent" value={enabled ? "disable" : "enable"} />
        <div className="field">
          <label htmlFor="two-step-code">{t("admin.twoStep.code")}</label>
          <input id="two-step-code" name="code" inputMode="numeric" autoComplete="one-time-code" dir="ltr" required maxLength={32} />
        </div>
        <button type="submit" className="button button--primary">
          {enabled ? t("admin.twoStep.disable") : t("admin.twoStep.enable")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
