import { getFormProps } from "@conform-to/react";
import { EmailSchema, getZodConstraint, parseWithZod } from "~/shared/schemas.server";
import { useShopForm } from "~/components/use-shop-form";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { AuthCard, FormErrors, JsFlag } from "~/components/account/auth-card";
import { Field, FormMessage } from "~/components/forms";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { startPasswordReset } from "~/models/accounts/index.server";
import { saveResetEmail } from "~/auth/account-flow.server";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import { refusalInit, retryAfterPageHeaders } from "~/utils/page-headers";
import { readFormData } from "~/utils/form-data.server";
import { accountMessages } from "~/i18n/browser/areas/account";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";

/** SPEC section 4: with JavaScript the page shows the message and moves on after about 1.2 s. */
const NEXT_STEP_DELAY_MS = 1200;

/** The account texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = accountMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const t = await i18nServer.getFixedT(request);
  return {
    constraint: getZodConstraint(EmailSchema),
    meta: { title: t("account.forgot.title"), description: t("account.forgot.description"), siteName: shop },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: EmailSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await startPasswordReset(submission.value.email, { language: await getLanguage(request), address: clientAddress(context) });
  if (!outcome.ok) return data({ result: submission.reply({ formErrors: [`account.messages.${outcome.message}`] }), sent: false }, refusalInit(outcome));
  const headers = { "Set-Cookie": await saveResetEmail(submission.value.email) };
  if (formData.get("js") !== "1") return redirect("/verify-reset-code", { headers });
  return data({ result: submission.reply(), sent: true }, { headers });
}

export default function ForgotPassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const sent = actionData?.sent ?? false;
  const [form, fields] = useShopForm("forgotPassword", { lastResult: actionData?.result, constraint });
  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => navigate("/verify-reset-code"), NEXT_STEP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);
  return (
    <AuthCard title={t("account.forgot.title")} testId="forgot-password-page">
      <p>{t("account.forgot.intro")}</p>
      {sent ? <FormMessage kind="success" message={t("account.messages.resetSent")} /> : null}
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <JsFlag />
        <Field meta={fields.email} label={t("account.forgot.email")} type="email" autoComplete="email" />
        <button type="submit" className="button button--primary" disabled={sent}>
          {t("account.forgot.submit")}
        </button>
      </Form>
      <div className="account-links">
        <Link to="/login">{t("account.forgot.backToLogin")}</Link>
      </div>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
