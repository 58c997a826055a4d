import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AdminTable } from "~/components/admin/admin-table";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Ltr } from "~/components/ltr";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { adminStaffMessages } from "~/i18n/browser/areas/admin/staff";
import { auditQueryOf, auditText, listAuditEntries } from "~/models/shop/index.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { AUDIT_ENTITY_TYPES } from "~/shared/audit-entities";
import { AuditQuerySchema } from "~/shared/schemas.server";
import { formatCount } from "~/shared/digits";

/** The activity log's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminStaffMessages;

/** The activity log (owner): who changed what, newest first, filtered by person, entity and Kuwait days. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "audit");
  const raw = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ""));
  const parsed = AuditQuerySchema.safeParse(raw);
  const filter = parsed.success ? parsed.data : {};
  const [language, t, { entries, page, pageCount }] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), listAuditEntries(auditQueryOf(filter))]);
  return {
    title: t("admin.audit.title"),
    filter,
    page,
    pageCount,
    entries: entries.map((entry) => {
      // The key stays for the row's data-action; the page shows the action and the summary in its own language.
      const words = auditText(t, entry);
      return {
        id: entry.id,
        at: formatAdminDateTime(entry.at, language),
        actor: entry.actorEmail,
        role: entry.actorRole,
        action: entry.action,
        actionText: words.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        summary: words.summary,
        address: entry.address,
      };
    }),
  };
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

export default function AuditPage() {
  const { t } = useTranslation();
  const { entries, filter, page, pageCount } = useLoaderData<typeof loader>();
  const entityName = (type: string) => ((AUDIT_ENTITY_TYPES as readonly string[]).includes(type) ? t(`admin.audit.entities.${type as (typeof AUDIT_ENTITY_TYPES)[number]}`) : type);
  return (
    <section className="page admin-page admin-audit" data-testid="audit-page">
      <h1>{t("admin.audit.title")}</h1>
      {/* A GET form: the filter is in the address, works without JavaScript and can be shared or reloaded. */}
      <Form method="get" className="admin-filters" role="search">
        <div className="field">
          <label htmlFor="audit-actor">{t("admin.audit.actor")}</label>
          <input id="audit-actor" name="actor" type="email" dir="ltr" defaultValue={filter.actor ?? ""} maxLength={254} />
        </div>
        <div className="field">
          <label htmlFor="audit-entity">{t("admin.audit.entityType")}</label>
          <select id="audit-entity" name="entityType" defaultValue={filter.entityType ?? ""}>
            <option value="">{t("admin.audit.any")}</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.audit.entities.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-entity-id">{t("admin.audit.entityId")}</label>
          <input id="audit-entity-id" name="entityId" dir="ltr" defaultValue={filter.entityId ?? ""} maxLength={128} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t("admin.audit.from")}</label>
          <input id="audit-from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t("admin.audit.to")}</label>
          <input id="audit-to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <button type="submit" className="button button--primary">
          {t("admin.audit.filter")}
        </button>
      </Form>
      <AdminTable<Entry>
        rows={entries}
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({ "data-entity": entry.entityType, "data-action": entry.action })}
        empty={t("admin.audit.none")}
        testId="audit-table"
        columns={[
          { header: t("admin.audit.at"), cell: (entry) => entry.at },
          {
            header: t("admin.audit.actor"),
            cell: (entry) => (
              <>
                <Ltr>{entry.actor}</Ltr> ({t(`admin.staff.roles.${entry.role as "owner"}`)})
              </>
            ),
          },
          { header: t("admin.audit.action"), cell: (entry) => entry.actionText },
          {
            header: t("admin.audit.entityType"),
            cell: (entry) => (
              <Link to={`?entityType=${entry.entityType}&entityId=${encodeURIComponent(entry.entityId)}`}>
                {entityName(entry.entityType)} <Ltr>{entry.entityId}</Ltr>
              </Link>
            ),
          },
          { header: t("admin.audit.summary"), cell: (entry) => <bdi>{entry.summary}</bdi> },
          { header: t("admin.audit.address"), cell: (entry) => (entry.address ? <Ltr>{entry.address}</Ltr> : null) },
        ]}
      />
      <AuditPages page={page} pageCount={pageCount} />
    </section>
  );
}

/** Previous / next, keeping the filter; the pages' own texts so this page needs no other area's. */
function AuditPages({ page, pageCount }: { page: number; pageCount: number }) {
  const { i18n } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="admin-pagination">
      {page > 1 ? <PageLink page={page - 1} label="‹" /> : null}
      <Ltr>{`${formatCount(page, i18n.language)} / ${formatCount(pageCount, i18n.language)}`}</Ltr>
      {page < pageCount ? <PageLink page={page + 1} label="›" /> : null}
    </nav>
  );
}

function PageLink({ page, label }: { page: number; label: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("page", String(page));
  return (
    <Link to={`?${params.toString()}`} className="button button--secondary">
      {label}
    </Link>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
