/**
 * Arabic keyboards type Arabic-Indic digits (٠–٩) and Persian ones Eastern Arabic-Indic (۰–۹): wherever the shop
 * asks for digits (phones, codes, card fields, block and building numbers, order numbers, quantities, amounts), it
 * reads them as 0–9, in the browser as it types and on the server, which may get a form sent without JavaScript.
 */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function westernDigits(value: string): string {
  // U+0660–U+0669 and U+06F0–U+06F9: the digit's value is the code point's last hexadecimal digit.
  return value.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** What a field that takes only digits keeps of what was typed: the digits, read as 0–9, at most `max` of them. */
export function digitsOnly(value: string, max: number): string {
  return westernDigits(value).replace(/\D/g, "").slice(0, max);
}
