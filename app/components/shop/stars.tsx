/**
 * Stars for reviews (issue 47), drawn by CSS from the rating alone: no state and no script, so they cost the product
 * cards and the product page almost nothing in the browser.
 */

/** A rating shown as five stars, filled to `rating` (a fraction fills part of one); `label` is what a screen reader says. */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const filled = `${Math.max(0, Math.min(5, rating)) * 20}%`;
  return (
    <span className="stars" style={{ "--stars-filled": filled } as React.CSSProperties} {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}>
      <span className="stars__on">★★★★★</span>
      <span className="stars__off">★★★★★</span>
    </span>
  );
}

/**
 * The review form's stars: a real radio group (a fieldset with its legend), so arrow keys move between them and the
 * form posts without JavaScript. Each choice shows its stars and says its number in words.
 */
export function StarRatingInput({ name, legend, idPrefix, labelOf, errors }: { name: string; legend: string; idPrefix: string; labelOf: (count: number) => string; errors?: string[] }) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="star-input" aria-describedby={errors?.length ? errorId : undefined}>
      <legend>{legend}</legend>
      {[5, 4, 3, 2, 1].map((count) => (
        <label key={count} className="star-input__choice" htmlFor={`${idPrefix}-${count}`}>
          <input type="radio" id={`${idPrefix}-${count}`} name={name} value={count} required aria-invalid={errors?.length ? true : undefined} />
          <span className="star-input__stars" aria-hidden="true">
            {"★".repeat(count)}
            <span className="star-input__empty">{"★".repeat(5 - count)}</span>
          </span>
          <span className="star-input__label">{labelOf(count)}</span>
        </label>
      ))}
      {errors?.length ? (
        <p className="field__error" id={errorId}>
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
