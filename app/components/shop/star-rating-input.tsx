/**
 * The review form's stars, in a file of its own: only the review page loads it, so it stays out of the chunk every
 * storefront page shares with the product cards' Stars (the home page's JavaScript budget).
 */
/**
 * A real radio group (a fieldset with its legend), so arrow keys move between the stars and the form posts without
 * JavaScript. Each choice shows its stars and says its number in words.
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
