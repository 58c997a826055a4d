import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { FormMessage } from "~/components/form-message";
import { AdminTable } from "~/components/admin/admin-table";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { STAFF_ERROR_KEYS } from "~/admin/staff-api.server";
import { getEnv } from "~/env.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { adminStaffMessages } from "~/i18n/browser/areas/admin/staff";
import { inviteStaff, sendStaffPasswordLink, StaffError, updateStaff } from "~/models/accounts/index.server";
import { listStaff } from "~/api/answers/accounts.server";
import { redirectWithToast } from "~/cookies/toast.server";
import { ADMIN_ROLES } from "~/shared/admin-roles";
import { parseWithZod, StaffFormSchema } from "~/shared/schemas.server";
import { readFormData } from "~/utils/form-data.server";

const STAFF_PAGE = "/admin/timsar/staff";

/** The staff page's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminStaffMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminPermission(request, "staff");
  const [t, staff] = await Promise.all([i18nServer.getFixedT(request), listStaff()]);
  // The ADMIN_EMAIL account sets its password with ADMIN_PASSWORD, not by a mailed link.
  return { title: t("admin.staff.title"), staff, me: admin.id, mainOwnerEmail: getEnv().adminEmail };
}

/**
 * One form per intent: invite, change a member's role, disable or enable, turn a member's two-step sign-in off (a
 * lost phone), mail a new set-password link (a forgotten password); the API does the same through the model.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "staff");
  const [t, form, language] = await Promise.all([i18nServer.getFixedT(request), readFormData(request), getLanguage(request)]);
  const submission = parseWithZod(form, { schema: StaffFormSchema });
  // A refused invitation shows its form again with what was typed, also to a browser without JavaScript.
  const typed = form.get("intent") === "invite" ? { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") } : null;
  if (submission.status !== "success") return data({ ok: false, message: t("admin.staff.invalid"), typed }, { status: 400 });
  const value = submission.value;
  try {
    // Each success is a 303 back to the list, drawn again from what was stored, with its flash (decision 0049).
    if (value.intent === "invite") {
      await inviteStaff({ email: value.email, role: value.role, language }, admin);
      return redirectWithToast(STAFF_PAGE, { name: "staffInvited" });
    }
    if (value.intent === "passwordLink") {
      await sendStaffPasswordLink(value.id, language, admin);
      return redirectWithToast(STAFF_PAGE, { name: "staffPasswordLink" });
    }
    if (value.intent === "resetTwoStep") {
      await updateStaff(value.id, { resetTwoStep: true }, admin);
      return redirectWithToast(STAFF_PAGE, { name: "staffTwoStepReset" });
    }
    await updateStaff(value.id, value.intent === "role" ? { role: value.role } : { disabled: value.intent === "disable" }, admin);
    return redirectWithToast(STAFF_PAGE, { name: "staffUpdated" });
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return data({ ok: false, message: t(STAFF_ERROR_KEYS[error.reason]), typed }, { status: error.status });
  }
}

type Member = ReturnType<typeof useLoaderData<typeof loader>>["staff"][number];

export default function StaffPage() {
  const { t } = useTranslation();
  const { staff, mainOwnerEmail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const inviteForm = useInviteFormReset(result);
  const statusOf = (member: Member) => (member.disabled ? t("admin.staff.disabled") : member.pending ? t("admin.staff.pending") : t("admin.staff.active"));
  return (
    <section className="page admin-page" data-testid="staff-page">
      <h1>{t("admin.staff.title")}</h1>
      <p className="admin-note">{t("admin.staff.intro")}</p>
      <p>
        <Link to="/admin/timsar/two-step">{t("admin.twoStep.title")}</Link>
      </p>
      {result ? <FormMessage kind="error" message={result.message} /> : null}
      <Form method="post" className="admin-form admin-card" data-testid="invite-form" ref={inviteForm}>
        <input type="hidden" name="intent" value="invite" />
        <div className="field">
          <label htmlFor="invite-email">{t("admin.staff.email")}</label>
          <input id="invite-email" name="email" type="email" dir="ltr" required maxLength={254} autoComplete="off" defaultValue={result?.typed?.email} />
        </div>
        <div className="field">
          <label htmlFor="invite-role">{t("admin.staff.role")}</label>
          <span id="invite-role-hint" className="field__hint">
            {t("admin.staff.roleHelp")}
          </span>
          <RoleSelect id="invite-role" defaultValue={result?.typed?.role || "orders"} describedBy="invite-role-hint" />
        </div>
        <button type="submit" className="button button--primary">
          {t("admin.staff.invite")}
        </button>
      </Form>
      <AdminTable
        rows={staff}
        rowKey={(member) => member._id}
        rowProps={(member) => ({ "data-email": member.email })}
        testId="staff-table"
        cards
        columns={[
          { header: t("admin.staff.email"), cell: (member) => member.email, dir: "ltr" },
          { header: t("admin.staff.status"), label: t("admin.staff.status"), cell: statusOf },
          {
            header: t("admin.staff.role"),
            label: t("admin.staff.role"),
            cell: (member) => (
              <Form method="post" className="staff-row-form">
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="id" value={member._id} />
                <RoleSelect id={`role-${member._id}`} defaultValue={member.role} label={t("admin.staff.role")} />
                <button type="submit" className="button button--secondary">
                  {t("admin.staff.save")}
                </button>
              </Form>
            ),
          },
          {
            header: t("admin.staff.actions"),
            label: t("admin.staff.actions"),
            cell: (member) => (
              <Form method="post" className="staff-row-form">
                <input type="hidden" name="id" value={member._id} />
                <button type="submit" name="intent" value={member.disabled ? "enable" : "disable"} className="button button--secondary">
                  {member.disabled ? t("admin.staff.enable") : t("admin.staff.disable")}
                </button>
                {!member.disabled && !member.pending && member.email !== mainOwnerEmail ? (
                  <button type="submit" name="intent" value="passwordLink" className="button button--secondary">
                    {t("admin.staff.passwordLink")}
                  </button>
                ) : null}
                {member.twoStep ? (
                  <button type="submit" name="intent" value="resetTwoStep" className="button button--secondary">
                    {t("admin.twoStep.reset")}
                  </button>
                ) : null}
              </Form>
            ),
          },
        ]}
      />
    </section>
  );
}

/**
 * With JavaScript the page stays mounted through the invite's redirect, and so did the address just invited, which a
 * second press would invite again: a sent invite empties the form, as the full page load does without JavaScript. A
 * refused one (the action's answer) keeps what was typed.
 */
function useInviteFormReset(result: unknown) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const inviting = useRef(false);
  useEffect(() => {
    if (navigation.formData?.get("intent") === "invite") inviting.current = true;
    else if (navigation.state === "idle" && inviting.current) {
      inviting.current = false;
      if (!result) form.current?.reset();
    }
  }, [navigation, result]);
  return form;
}

function RoleSelect({ id, defaultValue, label, describedBy }: { id: string; defaultValue: string; label?: string; describedBy?: string }) {
  const { t } = useTranslation();
  return (
    <select id={id} name="role" defaultValue={defaultValue} aria-label={label} aria-describedby={describedBy}>
      {ADMIN_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`admin.staff.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
