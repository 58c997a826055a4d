/**
 * Issue 48 (decision 0091): a gift note's limit, in characters as the shopper typed them (an emoji or an Arabic letter
 * is one), the same count in the page's live counter and on the server. Apart from the checkout schema so that the
 * counter does not bring zod into the checkout's first load.
 */
export const GIFT_NOTE_MAX = 200;

export function giftNoteLength(note: string): number {
  return [...note].length;
}
