import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FieldErrors, FormMessage } from "~/components/forms";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Ltr } from "~/components/ltr";
import { requireAdmin } from "~/auth/admin-session.server";
import { verifyPassword, totpQrSvg, totpUri, ADMIN_LOGIN_LIMITS, disableTwoStep, enableTwoStep, startTwoStep, twoStepState } from "~/models/accounts/index.server";
import { recordFailedCode } from "~/auth/second-step.server";
import { prisma } from "~/db.server";
import { i18nServer } from "~/i18n/i18next.server";
import { adminStaffMessages } from "~/i18n/browser/areas/admin/staff";
import { hitGuessLimits, lockoutKey, resetRateLimit } from "~/models/shop/index.server";
import { auditAddress, clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { parseWithZod, TwoStepFormSchema } from "~/shared/schemas.server";
import { retryAfterPageHeaders } from "~/utils/page-headers";

/** The two-step page's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminStaffMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

/** Turning two-step sign-in on or off is counted like a sign-in: an open session alone cannot guess password or code. */
const LIMIT_SCOPE = "admin-two-step";

/**
 * Two-step sign-in for every member, whatever the role, on their own account: the key to add to an authenticator app
 * (as text and as a QR code), turned on by a first code; turning it on or off asks for the account's password too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [t, state] = await Promise.all([i18nServer.getFixedT(request), twoStepState(admin.id)]);
  const secret = state.enabled ? null : (state.secret ?? (await startTwoStep(admin.id)));
  const uri = secret ? totpUri(secret, admin.email) : null;
  return { title: t("admin.twoStep.title"), enabled: state.enabled, secret, uri, qrSvg: uri ? await totpQrSvg(uri) : null };
}

type Result = { ok: boolean; message: string | null; codes: string[] | null; passwordError?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const answer = (result: Result, status = 200) => data(result, { status });
  const address = clientAddress(context);
  const limit = await hitGuessLimits(LIMIT_SCOPE, admin.email, address, ADMIN_LOGIN_LIMITS);
  if (!limit.allowed) {
    return data<Result>({ ok: false, message: t("admin.twoStep.tooManyAttempts"), codes: null }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const submission = parseWithZod(form, { schema: TwoStepFormSchema });
  const { intent, password, code } = submission.status === "success" ? submission.value : { intent: null, password: "", code: "" };
  const member = await prisma.admin.findUniqueOrThrow({ where: { id: admin.id }, select: { passwordHash: true } });
  if (!password || !(await verifyPassword(member.passwordHash, password))) {
    return answer({ ok: false, message: null, codes: null, passwordError: "admin.twoStep.wrongPassword" }, 400);
  }
  if (intent === "disable") {
    if (!(await disableTwoStep(admin, code))) {
      await recordFailedCode(admin.id, { address: auditAddress(context), requestId: admin.requestId });
      return answer({ ok: false, message: t("admin.twoStep.wrongCode"), codes: null }, 400);
    }
    await resetRateLimit(lockoutKey(LIMIT_SCOPE, admin.email, address));
    return redirectWithToast(currentPage(request), { name: "twoStepDisabled" });
  }
  if (intent !== "enable") return answer({ ok: false, message: t("admin.twoStep.wrongCode"), codes: null }, 400);
  // Turning it on answers on the page: its recovery codes are shown this once and never travel in a cookie.
  const codes = await enableTwoStep(admin, code);
  if (!codes) return answer({ ok: false, message: t("admin.twoStep.wrongCode"), codes: null }, 400);
  await resetRateLimit(lockoutKey(LIMIT_SCOPE, admin.email, address));
  return answer({ ok: true, message: t("admin.twoStep.enabled"), codes });
}

export default function TwoStepPage() {
  const { t } = useTranslation();
  const { enabled, secret, uri, qrSvg } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const passwordError = result?.passwordError;
  return (
    <section className="page admin-page" data-testid="two-step-page">
      <h1>{t("admin.twoStep.title")}</h1>
      {result ? <FormMessage kind={result.ok ? "success" : "error"} message={result.message} /> : null}
      {result?.codes ? (
        <ul className="admin-card" data-testid="recovery-codes">
          {result.codes.map((code: string) => (
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
            {qrSvg ? (
              // The server drew this SVG from the key's URI (qrcode); it holds paths only, no script.
              <div className="two-step-qr" role="img" aria-label={t("admin.twoStep.qr")} data-testid="totp-qr" dangerouslySetInnerHTML={{ __html: qrSvg }} />
            ) : null}
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
          <label htmlFor="two-step-password">{t("admin.twoStep.password")}</label>
          <input
            id="two-step-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? "two-step-password-error" : undefined}
          />
          <FieldErrors id="two-step-password-error" errors={passwordError ? [passwordError] : undefined} />
        </div>
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
