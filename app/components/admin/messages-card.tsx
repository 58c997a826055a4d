import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { AdminTable, type AdminColumn } from "./admin-table";

export type MessageRow = { id: string; channel: string; kind: string; status: string; when: string; reason: string | null };

/**
 * The messages the shopper was sent about the order (issue 30): channel, what, status and time; a failed one shows
 * its reason and a "send again" button, a plain form post so it works without JavaScript.
 */
export function MessagesCard({ orderId, messages }: { orderId: string; messages: MessageRow[] }) {
  const { t } = useTranslation();
  // A value the texts do not name yet (a kind added later) shows as it is.
  const label = (group: "channel" | "kind" | "status", value: string) => t(`admin.messages.${group}.${value}` as "admin.messages.channel.email", { defaultValue: value });
  const columns: AdminColumn<MessageRow>[] = [
    { header: t("admin.messages.channelHeader"), cell: (message) => label("channel", message.channel) },
    { header: t("admin.messages.kindHeader"), cell: (message) => label("kind", message.kind) },
    {
      header: t("admin.messages.statusHeader"),
      // The button sits with the failure it answers, so a phone's narrow table shows it without scrolling sideways.
      cell: (message) => (
        <>
          {label("status", message.status)}
          {message.reason ? (
            <span className="admin-note" data-testid="message-reason">
              {" "}
              — <bdi>{message.reason}</bdi>
            </span>
          ) : null}
          {message.status === "failed" ? (
            <Form method="post" className="admin-inline-form">
              <input type="hidden" name="intent" value="resendMessage" />
              <input type="hidden" name="orderId" value={orderId} />
              <input type="hidden" name="messageId" value={message.id} />
              <button type="submit" className="button button--secondary" data-testid="resend-message">
                {t("admin.messages.resend")}
              </button>
            </Form>
          ) : null}
        </>
      ),
    },
    { header: t("admin.messages.whenHeader"), cell: (message) => message.when },
  ];
  return (
    <section className="admin-card" data-testid="order-messages">
      <h2>{t("admin.messages.title")}</h2>
      {messages.length === 0 ? (
        <p>{t("admin.messages.none")}</p>
      ) : (
        <AdminTable rows={messages} columns={columns} rowKey={(message) => message.id} rowProps={() => ({ "data-testid": "message-row" })} />
      )}
    </section>
  );
}
