import { westernDigits } from "./typed-digits";

/**
 * "Street" as shoppers type it before or after the name, in either language: شارع, street, st, st., str.
 * A letter after the word (Stanley, Strand, شارعين) keeps it part of the name.
 */
const LEADING = /^\s*(?:شارع|street|str?\.?)(?=[\s.,،:-]|$)[\s.,،:-]*/iu;
const TRAILING = /[\s,،-]+(?:شارع|street|str?\.?)\s*$/iu;

/**
 * The street's name without the word "street" the shopper may have typed herself, so that an address written as
 * "شارع {street}" or "Street {street}" never reads "شارع شارع بغداد". A street typed as the word alone stays as typed.
 */
export function streetName(street: string): string {
  const bare = westernDigits(street).replace(LEADING, "").replace(TRAILING, "").trim();
  return bare || street.trim();
}
