import { MAX_VARIANTS } from "~/shared/admin-schemas";
import { optionLines, usedOptions } from "~/shared/option-rows";

/**
 * The owner's variant grid without JavaScript (issue 31). Each row carries `match`, its values' English names joined
 * by " / ", so the grid survives edits of the options: "Make the grid" builds a row for every combination of the
 * options as typed, keeping what a row of the same values had; saving names each row's values by their place in the
 * options as typed (its `key`), and a row whose values no longer exist fails the form's check.
 */
type OptionRow = { nameEn?: string; nameAr?: string; valuesEn?: string; valuesAr?: string };
export type GridRow = {
  id?: string;
  key: string;
  match: string;
  sku?: string;
  price?: string;
  stockQuantity?: string;
  isAvailable?: boolean;
  imageUrl?: string;
};

/** Rows of `variants[i].field` inputs as posted. */
function postedRows(form: FormData): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (const [name, value] of form) {
    const found = /^variants\[(\d+)\]\.(\w+)$/.exec(name);
    if (found && typeof value === "string") (rows[Number(found[1])] ??= {})[found[2]] = value;
  }
  return rows.filter(Boolean);
}

function postedOptions(form: FormData): OptionRow[] {
  return [0, 1, 2].map((index) => ({
    nameEn: String(form.get(`options[${index}].nameEn`) ?? "").trim(),
    nameAr: String(form.get(`options[${index}].nameAr`) ?? "").trim(),
    valuesEn: String(form.get(`options[${index}].valuesEn`) ?? "").trim(),
    valuesAr: String(form.get(`options[${index}].valuesAr`) ?? "").trim(),
  }));
}

/** Every combination of the options' values, at most MAX_VARIANTS, as value positions. */
function combinations(options: OptionRow[]): number[][] {
  return options.reduce<number[][]>(
    (sofar, option) => sofar.flatMap((prefix) => optionLines(option.valuesEn).map((_, index) => [...prefix, index])).slice(0, MAX_VARIANTS),
    [[]],
  );
}

const matchOf = (options: OptionRow[], indexes: number[]) => indexes.map((index, option) => optionLines(options[option].valuesEn)[index]).join(" / ");

/** "Make the grid": a row per combination of the options as typed, each keeping the posted row of the same values. */
export function gridFromForm(form: FormData): GridRow[] {
  const options = usedOptions(postedOptions(form));
  if (options.length === 0) return [];
  const before = new Map(postedRows(form).map((row) => [row.match, row]));
  return combinations(options).map((indexes) => {
    const match = matchOf(options, indexes);
    const row = before.get(match);
    return {
      ...(row?.id ? { id: row.id } : {}),
      key: indexes.join("."),
      match,
      sku: row?.sku ?? "",
      price: row?.price ?? "",
      stockQuantity: row?.stockQuantity ?? "0",
      isAvailable: row ? row.isAvailable === "on" : true,
      imageUrl: row?.imageUrl ?? "",
    };
  });
}

/** Before the form's check: each posted row's key from its values' names in the options as typed ("x" when one is gone). */
export function keyGridRows(form: FormData): void {
  const options = usedOptions(postedOptions(form));
  postedRows(form).forEach((row, index) => {
    const names = (row.match ?? "").split(" / ");
    const key = options.map((option, at) => {
      const position = optionLines(option.valuesEn).indexOf(names[at] ?? "");
      return position < 0 ? "x" : String(position);
    });
    form.set(`variants[${index}].key`, names.length === options.length ? key.join(".") : "x");
  });
}
