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
