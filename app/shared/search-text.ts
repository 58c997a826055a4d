/**
 * Search text as shoppers type it and as the catalogue spells it, brought to one form: lower case; Arabic letters
 * whose spelling varies written one way (أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي); short vowels, other marks and
 * tatweel dropped; Arabic-Indic and Persian digits as 0-9; Latin accents dropped; anything else that is not a letter
 * or a digit a space.
 */
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

export function normalizeSearchText(text: string): string {
  return (
    text
      // NFD splits أ إ آ ؤ ئ into a base letter and a combining hamza or madda, and é into e and an accent.
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .replace(/\u0640/g, "")
      .replace(/\u0671/g, "\u0627")
      .replace(/\u0649/g, "\u064a")
      .replace(/\u0629/g, "\u0647")
      .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - ARABIC_INDIC_ZERO))
      .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - PERSIAN_ZERO))
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
  );
}

/** The words of a search, normalised, without repeats; at most 8, so a pasted paragraph stays cheap. */
export function searchWords(text: string): string[] {
  const normalized = normalizeSearchText(text);
  return normalized ? [...new Set(normalized.split(" "))].slice(0, 8) : [];
}
