import { Link, useNavigate } from "@remix-run/react";
import { Ltr } from "~/components/ltr";
import { useTranslation } from "~/i18n/translation";
import { StatusBadge } from "~/components/status-badge";
import { AdminTable, type AdminColumn } from "./admin-table";
import { OrderStatusForm } from "./order-status-form";
import { PaymentBadge } from "./payment-badge";
import { useLanguage } from "./use-language";

export type OrderListRow = { id: string; orderNumber: string; fullName: string; phone?: string; date: string; total: string; paymentStatus: string; status: string };

/**
 * The order lists of the orders page and of one customer's orders. `editable` is the orders page: each row opens its
 * order on click and carries the status form; otherwise the list is read-only with a status badge.
 */
export function OrdersTable({
  orders,
  empty,
  withPhone = false,
  editable = false,
  selectForm,
  testId,
}: {
  orders: OrderListRow[];
  empty: string;
  withPhone?: boolean;
  editable?: boolean;
  /** the id of a form elsewhere on the page that the rows' tick boxes belong to (`order` = the order's id) */
  selectForm?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  // With JavaScript a click anywhere on a row opens the order; the order number stays a real link for everyone.
  const openRow = (event: React.MouseEvent<HTMLTableRowElement>, orderId: string) => {
    if ((event.target as HTMLElement).closest("a, button, select, input, label, form")) return;
    navigate(`/admin/timsar/orders/${orderId}`);
  };
  const phoneColumn: AdminColumn<OrderListRow>[] = withPhone ? [{ header: t("admin.orders.phone"), label: t("admin.orders.phone"), cell: (order) => order.phone, dir: "ltr" }] : [];
  const selectColumn: AdminColumn<OrderListRow>[] = selectForm
    ? [
        {
          header: <span className="visually-hidden">{t("admin.packingSlip.printSelected")}</span>,
          cell: (order) => <input type="checkbox" name="order" value={order.id} form={selectForm} aria-label={t("admin.packingSlip.select", { orderNumber: order.orderNumber })} />,
        },
      ]
    : [];
  const columns: AdminColumn<OrderListRow>[] = [
    ...selectColumn,
    {
      header: t("admin.orders.orderNumber"),
      cell: (order) => (
        <Link to={`/admin/timsar/orders/${order.id}`} className={editable ? "admin-row-link" : undefined}>
          <Ltr>{order.orderNumber}</Ltr>
        </Link>
      ),
    },
    { header: t("admin.orders.customer"), label: t("admin.orders.customer"), cell: (order) => order.fullName },
    ...phoneColumn,
    { header: t("admin.orders.date"), label: t("admin.orders.date"), cell: (order) => order.date },
    { header: t("admin.orders.total"), label: t("admin.orders.total"), cell: (order) => order.total },
    { header: t("admin.orders.payment"), label: t("admin.orders.payment"), cell: (order) => <PaymentBadge paymentStatus={order.paymentStatus} /> },
    {
      header: t("admin.orders.status"),
      label: t("admin.orders.status"),
      cell: (order) =>
        editable ? <OrderStatusForm orderId={order.id} status={order.status} showBadge /> : <StatusBadge status={order.status} language={language} />,
    },
  ];
  return (
    <AdminTable
      rows={orders}
      columns={columns}
      rowKey={(order) => order.id}
      rowProps={
        editable
          ? (order) => ({
              "data-testid": "order-row",
              "data-order-number": order.orderNumber,
              className: "admin-table__clickable",
              onClick: (event) => openRow(event, order.id),
            })
          : undefined
      }
      empty={empty}
      testId={testId}
      cards={editable}
    />
  );
}
