import { createContext, useContext, useMemo } from "react";
import type { Language } from "~/shared/language";
import { formatCount } from "~/shared/digits";
import type { Resources } from "./resources";

/**
 * A small translation hook in place of react-i18next on the client: the same `t(key, options)` shape
 * ({{name}} interpolation, `_one`/`_other` plurals, defaultValue) for a fraction of the JavaScript a phone
 * downloads (docs/decisions/0006-translation-hook.md). Keys are typed, so a missing one fails the typecheck.
 */
export type Messages = Resources["translation"];
type Tree = { [key: string]: string | Tree };
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralBase<K> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : never;

export type TranslationKey = Leaves<Messages> | PluralBase<Leaves<Messages>>;
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type Translate = (key: TranslationKey, options?: TranslateOptions) => string;

function lookup(messages: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = messages;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

// A page asks for the same few hundred keys on every render; the messages never change, so each answer is kept.
const lookups = new WeakMap<Tree, Map<string, string | undefined>>();

function cachedLookup(messages: Tree, path: string): string | undefined {
  let known = lookups.get(messages);
  if (!known) lookups.set(messages, (known = new Map()));
  if (!known.has(path)) known.set(path, lookup(messages, path));
  return known.get(path);
}

const pluralRulesByLanguage = new Map<Language, Intl.PluralRules>();

function pluralRules(language: Language): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(language);
  if (!rules) pluralRulesByLanguage.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}

/**
 * A value put into a text: a number is a count and takes the page's digits (decision 0079); anything a person types
 * back (an order number, a code, a phone) comes as a string and stays as it is.
 */
function interpolated(value: unknown, language: Language): string {
  return typeof value === "number" ? formatCount(value, language) : String(value ?? "");
}

export function createTranslate(language: Language, messages: Messages): Translate {
  const tree = messages as unknown as Tree;
  const plurals = pluralRules(language);
  return (key, options = {}) => {
    let template: string | undefined;
    if (typeof options.count === "number") {
      template = cachedLookup(tree, `${key}_${plurals.select(options.count)}`) ?? cachedLookup(tree, `${key}_other`);
    }
    template ??= cachedLookup(tree, key) ?? options.defaultValue ?? key;
    if (!template.includes("{{")) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => interpolated(options[name], language));
  };
}

type I18nValue = { t: Translate; i18n: { language: Language }; messages: Messages };
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ language, messages, children }: { language: Language; messages: Messages; children: React.ReactNode }) {
  const value = useMemo(() => ({ t: createTranslate(language, messages), i18n: { language }, messages }), [language, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useTranslation needs an I18nProvider above it");
  return value;
}
