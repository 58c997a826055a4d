import { useTranslation } from "~/i18n/translation";

export type FeedAddress = { format: "google" | "meta"; language: "ar" | "en"; url: string };

/**
 * The product feeds' addresses for the owner to copy into Google Merchant Center and Meta's Commerce Manager (issue
 * 46): read-only fields that wrap, so a phone shows the whole address, and that can be selected and copied with or
 * without JavaScript.
 */
export function FeedAddresses({ feeds }: { feeds: FeedAddress[] }) {
  const { t } = useTranslation();
  return (
    <section className="admin-card admin-form" data-testid="feed-addresses" aria-labelledby="feed-addresses-heading">
      <h2 id="feed-addresses-heading">{t("admin.settings.feeds.heading")}</h2>
      <p className="field__hint">{t("admin.settings.feeds.help")}</p>
      {feeds.map((feed) => {
        const id = `feed-${feed.format}-${feed.language}`;
        return (
          <div className="field" key={id}>
            <label htmlFor={id}>{t(`admin.settings.feeds.${feed.format}`, { language: t(`admin.settings.feeds.language.${feed.language}`) })}</label>
            <textarea id={id} className="feed-address" readOnly rows={2} value={feed.url} dir="ltr" onFocus={(event) => event.currentTarget.select()} data-testid={id} />
          </div>
        );
      })}
    </section>
  );
}
