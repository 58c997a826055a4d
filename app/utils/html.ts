/**
 * Text made safe to put in HTML, as element content or inside a double- or single-quoted attribute: the five
 * characters that could end either become numeric character references. The one escaper of the shop's hand-written
 * HTML (the e-mails, the body-limit page).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
