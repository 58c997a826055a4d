import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Field, FieldErrors } from "~/components/forms";
import { formatKD } from "~/shared/money";
import type { Language } from "~/shared/language";
import { GIFT_NOTE_MAX, giftNoteLength } from "~/shared/gift-note";
import { formatCount } from "~/shared/digits";

type Props = {
  fields: {
    isGift: FieldMetadata<boolean | undefined>;
    giftNote: FieldMetadata<string | undefined>;
    giftWrap: FieldMetadata<boolean | undefined>;
    giftRecipientName: FieldMetadata<string | undefined>;
    giftRecipientPhone: FieldMetadata<string | undefined>;
  };
  /** the owner's wrapping price; null: wrapping is not offered */
  wrapFils: number | null;
  language: Language;
  hydrated: boolean;
  /** whether wrapping is asked for now, for the totals' line */
  onWrapChange: (wrapped: boolean) => void;
};

/**
 * "This is a gift" (issue 48): a note, wrapping when the owner offers it, and the recipient. The fields show once the
 * box is ticked, by CSS (`:has`), so the page works the same without JavaScript; with it, a live count of the note's
 * characters, counted as the server counts them.
 */
export function GiftFields({ fields, wrapFils, language, hydrated, onWrapChange }: Props) {
  const { t } = useTranslation();
  const note = getTextareaProps(fields.giftNote);
  const [typed, setTyped] = useState(giftNoteLength(typeof fields.giftNote.initialValue === "string" ? fields.giftNote.initialValue : ""));
  const counterId = `${fields.giftNote.id}-count`;
  return (
    <fieldset className="checkout-gift" data-testid="gift">
      <label className="checkout-gift__toggle">
        <input {...getInputProps(fields.isGift, { type: "checkbox" })} key={fields.isGift.key} data-testid="is-gift" onChange={(event) => onWrapChange(event.currentTarget.checked && wrapChecked(event.currentTarget.form))} />{" "}
        {t("checkoutGift.isGift")}
      </label>
      <div className="checkout-gift__fields">
        <p className="field__hint">{t("checkoutGift.giftHelp")}</p>
        <div className="field">
          <label htmlFor={fields.giftNote.id}>{t("checkoutGift.note")}</label>
          <textarea
            {...note}
            key={note.key}
            rows={3}
            dir="auto"
            data-testid="gift-note"
            aria-describedby={[hydrated ? counterId : null, note["aria-describedby"]].filter(Boolean).join(" ") || undefined}
            onInput={(event) => setTyped(giftNoteLength(event.currentTarget.value))}
          />
          {hydrated ? (
            <span id={counterId} className={`field__hint${typed > GIFT_NOTE_MAX ? " checkout-gift__over" : ""}`} aria-live="polite" data-testid="gift-note-count">
              {t("checkoutGift.noteCount", { count: formatCount(typed, language) as never, max: formatCount(GIFT_NOTE_MAX, language) })}
            </span>
          ) : null}
          <FieldErrors id={fields.giftNote.errorId} errors={fields.giftNote.errors} />
        </div>
        {wrapFils !== null ? (
          <label className="checkout-gift__toggle">
            <input {...getInputProps(fields.giftWrap, { type: "checkbox" })} key={fields.giftWrap.key} data-testid="gift-wrap" onChange={(event) => onWrapChange(event.currentTarget.checked)} />{" "}
            {t("checkoutGift.wrap", { amount: formatKD(wrapFils, language) })}
          </label>
        ) : null}
        <Field meta={fields.giftRecipientName} label={t("checkoutGift.recipientName")} autoComplete="off" dir="auto" data-testid="gift-recipient-name" />
        <Field meta={fields.giftRecipientPhone} label={t("checkoutGift.recipientPhone")} hint={t("checkoutGift.recipientHelp")} type="tel" inputMode="tel" dir="ltr" autoComplete="off" data-testid="gift-recipient-phone" />
      </div>
    </fieldset>
  );
}

function wrapChecked(form: HTMLFormElement | null): boolean {
  return (form?.elements.namedItem("giftWrap") as HTMLInputElement | null)?.checked === true;
}
