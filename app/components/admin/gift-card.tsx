import { Ltr } from "~/components/ltr";
import { useTranslation } from "~/i18n/translation";

type OrderGift = { note: string | null; wrap: boolean; recipientName: string | null; recipientPhone: string | null };

/** What the owner prepares a gift's parcel from; the note and the name keep the direction the shopper typed them in. */
export function GiftCard({ gift, wrapAmount }: { gift: OrderGift; wrapAmount: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="admin-card" data-testid="order-gift">
      <h2>{t("admin.packingSlip.gift")}</h2>
      <dl className="admin-dl">
        {gift.note ? (
          <>
            <dt>{t("admin.packingSlip.giftNote")}</dt>
            <dd dir="auto" data-testid="order-gift-note">
              {gift.note}
            </dd>
          </>
        ) : null}
        {gift.wrap ? (
          <>
            <dt>{t("admin.packingSlip.wrap")}</dt>
            <dd data-testid="order-gift-wrapped">{wrapAmount ?? "✓"}</dd>
          </>
        ) : null}
        {gift.recipientName || gift.recipientPhone ? (
          <>
            <dt>{t("admin.packingSlip.recipient")}</dt>
            <dd data-testid="order-gift-recipient">
              {gift.recipientName ? <bdi>{gift.recipientName}</bdi> : null}
              {gift.recipientName && gift.recipientPhone ? " " : null}
              {gift.recipientPhone ? <Ltr>+965 {gift.recipientPhone}</Ltr> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
