import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { requireAdmin } from "~/auth/admin-session.server";
import { roleMay, type AdminPermission } from "~/shared/admin-roles";
import { adminDashboardMessages } from "~/i18n/browser/areas/admin/dashboard";
import { getDashboardFigures } from "~/models/reports/index.server";
import { getShopSettings, identityMissing } from "~/models/shop/index.server";
import { heldWhatsAppTemplates, type HeldTemplate } from "~/models/messaging/index.server";
import { formatAdminDate, kuwaitDayStart } from "~/shared/admin-dates";
import { formatKD } from "~/shared/money";
import { formatCount } from "~/shared/digits";
import { CHART_HEIGHT, CHART_WIDTH, layoutSalesChart } from "~/shared/sales-chart";
import { AlertIcon, BowIcon, BoxIcon, CalendarIcon, ChartIcon, CoinsIcon, ReceiptIcon, UsersIcon } from "~/components/admin/icons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { SourceSalesTable, sourceSalesRows } from "~/components/admin/source-sales-table";

/** The dashboard's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminDashboardMessages;

/**
 * The words for why a template is held: Meta's status first, then a move to MARKETING. A template Meta flagged,
 * locked, reinstated or unarchived is still sent, so it is held, if at all, only for its category.
 */
function heldState(template: HeldTemplate) {
  if (template.heldFor === "marketing") return "marketing";
  const states = { PAUSED: "paused", DISABLED: "disabled", REJECTED: "rejected" } as const;
  return states[template.status as keyof typeof states] ?? "other";
}

/** Noon of a Kuwait day, to format it as that day in any time zone. */
function kuwaitNoon(dateKey: string): Date {
  return new Date(kuwaitDayStart(dateKey).getTime() + 12 * 60 * 60 * 1000);
}

/**
 * Everything is formatted here, on the server: the page shows the same text with JavaScript or without. Every member
 * may open the dashboard; it carries only the figures their role may see (sales for the owner, orders to prepare for
 * whoever handles orders, low stock for whoever keeps the catalogue).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const may = (permission: AdminPermission) => roleMay(admin.role, permission);
  const owner = admin.role === "owner";
  const [language, t, figures, held, settings] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    getDashboardFigures(),
    owner ? heldWhatsAppTemplates() : Promise.resolve([]),
    getShopSettings(),
  ]);
  // Only the owner can act on a template Meta has paused or re-categorised (CONTRACT.md "Messages to shoppers").
  const templateNotices = held.map((template) =>
    t("admin.dashboard.templateHeld", {
      name: template.name,
      language: template.language === "ar" || template.language === "en" ? t(`admin.dashboard.templateLanguage.${template.language}`) : template.language,
      state: t(`admin.dashboard.templateState.${heldState(template)}`),
    }),
  );
  const locale = language === "ar" ? "ar-EG" : "en-GB";
  const short = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "Asia/Kuwait" });
  const long = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Kuwait" });
  const money = (fils: number) => formatKD(fils, language);
  const last = figures.chart.length - 1;
  const report = (from: string, to: string) => `/admin/timsar/sales-report?${new URLSearchParams({ dateFrom: from, dateTo: to }).toString()}`;
  const shown = {
    title: t("admin.dashboard.title"),
    rtl: language === "ar",
    today: {
      net: money(figures.today.netFils),
      orderCount: figures.today.orderCount,
      refunds: money(figures.today.refundsFils),
      href: report(figures.today.date, figures.today.date),
    },
    month: {
      net: money(figures.month.netFils),
      orderCount: figures.month.orderCount,
      refunds: money(figures.month.refundsFils),
      since: formatAdminDate(kuwaitNoon(figures.month.monthStart), language),
      href: report(figures.month.monthStart, figures.today.date),
    },
    // The orders of the chart's 30 days paid after a payment reminder (decision 0085), and their total.
    recovered: {
      amount: money(figures.recovered.amountFils),
      orderCount: figures.recovered.orderCount,
      href: report(figures.chart[0]?.date ?? figures.today.date, figures.today.date),
    },
    topSources: sourceSalesRows(figures.topSources, language, t("admin.dashboard.sourceDirect")),
    toPrepare: figures.toPrepare,
    returnsWaiting: figures.returnsWaiting,
    lowStock: figures.lowStock,
    toPrepareShown: formatCount(figures.toPrepare, language),
    returnsWaitingShown: formatCount(figures.returnsWaiting, language),
    lowStockShown: formatCount(figures.lowStock, language),
    chart: figures.chart.map((day, index) => ({
      date: day.date,
      netFils: day.netFils,
      // every seventh day back from today, so today is always named
      tick: (last - index) % 7 === 0 ? short.format(kuwaitNoon(day.date)) : null,
      label: long.format(kuwaitNoon(day.date)),
      orderCount: formatCount(day.orderCount, language),
      sales: money(day.salesFils),
      refunds: money(day.refundsFils),
      net: money(day.netFils),
    })),
  };
  return {
    ...shown,
    sales: may("sales"),
    today: may("sales") ? shown.today : null,
    month: may("sales") ? shown.month : null,
    recovered: may("sales") ? shown.recovered : null,
    chart: may("sales") ? shown.chart : [],
    topSources: may("sales") ? shown.topSources : [],
    toPrepare: may("orders:read") ? shown.toPrepare : null,
    returnsWaiting: may("returns:read") ? shown.returnsWaiting : null,
    lowStock: may("catalogue:write") ? shown.lowStock : null,
    tiles: TILES.filter((tile) => may(tile.may)).map((tile) => tile.to),
    templateNotices,
    // Until the owner names the shop and gives a way to reach it, the storefront shows none (decision 0075).
    identityMissing: may("settings") && identityMissing(settings),
  };
}

const TILES = [
  { to: "/admin/timsar/orders", title: "admin.dashboard.orders", hint: "admin.dashboard.ordersHint", Icon: ReceiptIcon, may: "orders:read" },
  { to: "/admin/timsar/products", title: "admin.dashboard.products", hint: "admin.dashboard.productsHint", Icon: BowIcon, may: "catalogue:write" },
  { to: "/admin/timsar/sales-report", title: "admin.dashboard.salesReport", hint: "admin.dashboard.salesReportHint", Icon: ChartIcon, may: "sales" },
  { to: "/admin/timsar/registered-users", title: "admin.dashboard.users", hint: "admin.dashboard.usersHint", Icon: UsersIcon, may: "customers" },
] as const;

export default function Dashboard() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.dashboard.title")}</h1>
      {data.identityMissing ? (
        <p role="status" className="admin-notice" data-testid="identity-notice">
          {t("admin.dashboard.identityMissing")} <Link to="/admin/timsar/settings">{t("admin.dashboard.identityLink")}</Link>
        </p>
      ) : null}
      {data.templateNotices.length > 0 ? (
        <section role="status" aria-labelledby="dashboard-templates" data-testid="whatsapp-template-notices">
          <h2 id="dashboard-templates">{t("admin.dashboard.templatesTitle")}</h2>
          <ul>
            {data.templateNotices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="dashboard-figures">
        <h2 id="dashboard-figures" className="visually-hidden">
          {t("admin.dashboard.figures")}
        </h2>
        <ul className="admin-tiles admin-figures">
          {data.today && data.month ? (
            <>
              <Figure testId="figure-today" to={data.today.href} icon={<CoinsIcon className="admin-figure__icon" />} title={t("admin.dashboard.today")} value={data.today.net}>
                {t("admin.dashboard.salesLine", { count: data.today.orderCount, refunds: data.today.refunds })}
              </Figure>
              <Figure testId="figure-month" to={data.month.href} icon={<CalendarIcon className="admin-figure__icon" />} title={t("admin.dashboard.month")} value={data.month.net}>
                {t("admin.dashboard.since", { date: data.month.since })}
                <br />
                {t("admin.dashboard.salesLine", { count: data.month.orderCount, refunds: data.month.refunds })}
              </Figure>
            </>
          ) : null}
          {data.recovered ? (
            <Figure testId="figure-recovered" to={data.recovered.href} icon={<ReceiptIcon className="admin-figure__icon" />} title={t("admin.dashboard.recovered")} value={data.recovered.amount}>
              {t("admin.dashboard.recoveredLine", { count: data.recovered.orderCount })}
            </Figure>
          ) : null}
          {data.toPrepare !== null ? (
            <Figure
              testId="figure-to-prepare"
              to="/admin/timsar/orders?status=toPrepare"
              icon={<BoxIcon className="admin-figure__icon" />}
              title={t("admin.dashboard.toPrepare")}
              value={data.toPrepareShown}
            >
              {t("admin.dashboard.toPrepareHint")}
            </Figure>
          ) : null}
          {data.returnsWaiting !== null ? (
            <Figure
              testId="figure-returns-waiting"
              to="/admin/timsar/returns?status=waiting"
              icon={<BoxIcon className="admin-figure__icon" />}
              title={t("admin.dashboard.returnsWaiting")}
              value={data.returnsWaitingShown}
              warn={data.returnsWaiting > 0}
            >
              {t("admin.dashboard.returnsWaitingHint")}
            </Figure>
          ) : null}
          {data.lowStock !== null ? (
            <Figure
              testId="figure-low-stock"
              to="/admin/timsar/products?stock=low"
              icon={<AlertIcon className="admin-figure__icon" />}
              title={t("admin.dashboard.lowStock")}
              value={data.lowStockShown}
              warn={data.lowStock > 0}
            >
              {t("admin.dashboard.lowStockHint")}
            </Figure>
          ) : null}
        </ul>
      </section>
      {data.sales ? <SalesChart days={data.chart} rtl={data.rtl} /> : null}
      {data.sales ? (
        <section className="admin-card" aria-labelledby="top-sources-title" data-testid="top-sources">
          <h2 id="top-sources-title">{t("admin.dashboard.topSources")}</h2>
          <SourceSalesTable
            testId="top-sources-table"
            caption={t("admin.dashboard.topSourcesCaption")}
            columns={[t("admin.dashboard.source"), t("admin.dashboard.sourceOrders"), t("admin.dashboard.sourceAmount")]}
            rows={data.topSources}
            empty={t("admin.dashboard.noSources")}
          />
        </section>
      ) : null}
      <ul className="admin-tiles">
        {TILES.filter((tile) => data.tiles.includes(tile.to)).map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="admin-tile" data-testid="admin-tile">
              <tile.Icon className="admin-tile__icon" />
              <span className="admin-tile__title">{t(tile.title)}</span>
              <span className="admin-tile__hint">{t(tile.hint)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Figure(props: { testId: string; to: string; icon: ReactNode; title: string; value: string; warn?: boolean; children: ReactNode }) {
  return (
    <li>
      <Link to={props.to} className={props.warn ? "admin-tile admin-figure admin-figure--warn" : "admin-tile admin-figure"} data-testid={props.testId}>
        <span className="admin-figure__head">
          {props.icon}
          <span className="admin-tile__title">{props.title}</span>
        </span>
        <bdi dir="ltr" className="admin-figure__value" data-testid="figure-value">
          {props.value}
        </bdi>
        <span className="admin-tile__hint">{props.children}</span>
      </Link>
    </li>
  );
}

type ChartDay = { date: string; netFils: number; tick: string | null; label: string; orderCount: string; sales: string; refunds: string; net: string };

/**
 * The last 30 days' net sales as bars, drawn here as SVG (the server sends it whole; nothing runs in the browser),
 * the time axis in the reading direction: today at the end edge, on the left in Arabic. Each bar names its day and
 * amount on hover; the table below holds the same figures for screen readers and for reading exactly.
 */
function SalesChart({ days, rtl }: { days: ChartDay[]; rtl: boolean }) {
  const { t, i18n } = useTranslation();
  const layout = layoutSalesChart(days, rtl);
  const axisAnchor = rtl ? "start" : "end";
  return (
    <section className="admin-card admin-chart" aria-labelledby="sales-chart-title" data-testid="sales-chart">
      <h2 id="sales-chart-title">
        {t("admin.dashboard.chartTitle")} <span className="admin-chart__unit">({t("admin.dashboard.chartUnit")})</span>
      </h2>
      <svg className="admin-chart__svg" viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} role="img" aria-label={t("admin.dashboard.chartLabel")}>
        {layout.grid.map((line) => (
          <g key={line.fils} className={line.fils === 0 ? "admin-chart__zero" : "admin-chart__grid"}>
            <line x1={layout.plotStart} x2={layout.plotEnd} y1={line.y} y2={line.y} />
            <text x={layout.axisX} y={line.y + 4} textAnchor={axisAnchor} direction="ltr">
              {formatCount(line.fils / 1000, i18n.language)}
            </text>
          </g>
        ))}
        {layout.bars.map((bar, index) => (
          <rect
            key={days[index].date}
            className={bar.negative ? "admin-chart__bar admin-chart__bar--negative" : "admin-chart__bar"}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={Math.max(bar.height, 0.5)}
          >
            <title>{`${days[index].label}: ${days[index].net}`}</title>
          </rect>
        ))}
        {layout.bars.map((bar, index) =>
          days[index].tick ? (
            <text key={days[index].date} className="admin-chart__tick" x={bar.labelX} y={CHART_HEIGHT - 8} textAnchor={bar.labelAnchor} direction="ltr">
              {days[index].tick}
            </text>
          ) : null,
        )}
      </svg>
      <p className="admin-note">{t("admin.dashboard.kuwaitTime")}</p>
      <details className="admin-chart__details">
        <summary>{t("admin.dashboard.chartTable")}</summary>
        <div className="admin-table-scroll">
          <table className="admin-table" data-testid="sales-chart-table">
            <caption className="visually-hidden">{t("admin.dashboard.chartTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.dashboard.day")}</th>
                <th scope="col">{t("admin.dashboard.paidOrders")}</th>
                <th scope="col">{t("admin.dashboard.sales")}</th>
                <th scope="col">{t("admin.dashboard.refunds")}</th>
                <th scope="col">{t("admin.dashboard.net")}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} data-date={day.date}>
                  <th scope="row">{day.label}</th>
                  <td>{day.orderCount}</td>
                  <td>
                    <bdi dir="ltr">{day.sales}</bdi>
                  </td>
                  <td>
                    <bdi dir="ltr">{day.refunds}</bdi>
                  </td>
                  <td>
                    <bdi dir="ltr">{day.net}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
