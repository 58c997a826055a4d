/** The Arabic file must have exactly the English file's keys, each a string: a missing key fails the typecheck. */
export type TranslationOf<T> = { [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]> };
