/** The owner's categories: list, create, rename, show or hide, and delete an empty one. */
import { prisma } from "~/db.server";
import { audited, type AuditActor } from "~/models/shop/index.server";

export async function listAdminCategories() {
  return prisma.category.findMany({
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    include: { _count: { select: { products: true } } },
  });
}

export async function getAdminCategory(id: string) {
  return prisma.category.findUnique({ where: { id }, include: { _count: { select: { products: true } } } });
}

export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "category";
}

async function uniqueSlug(base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await prisma.category.findUnique({ where: { slug }, select: { id: true } }))) return slug;
  }
  return `${base}-${Date.now()}`;
}

export type CategoryNameClash = "duplicateEn" | "duplicateAr";

/** A name as two categories are told apart: without regard to case or spaces, as a shopper or the import reads it. */
function nameKey(name: string): string {
  return name.normalize("NFKC").replace(/\s+/g, "").toLocaleLowerCase("en");
}

/**
 * Another category with either name, in either language: the catalogue import finds a category by its English name,
 * and two alike would send its rows to whichever it met first.
 */
export async function categoryNameClash(input: { nameEn: string; nameAr: string }, exceptId?: string): Promise<CategoryNameClash | null> {
  const others = await prisma.category.findMany({ where: exceptId ? { id: { not: exceptId } } : {}, select: { nameEn: true, nameAr: true } });
  const taken = new Set(others.flatMap((other) => [nameKey(other.nameEn), nameKey(other.nameAr)]));
  if (taken.has(nameKey(input.nameEn))) return "duplicateEn";
  if (taken.has(nameKey(input.nameAr))) return "duplicateAr";
  return null;
}

export async function createCategory(input: { nameEn: string; nameAr: string; iconImage: string }, actor?: AuditActor) {
  const last = await prisma.category.aggregate({ _max: { position: true } });
  const slug = await uniqueSlug(slugify(input.nameEn));
  return audited(
    actor,
    (tx) => tx.category.create({ data: { nameEn: input.nameEn, nameAr: input.nameAr, iconImage: input.iconImage, slug, position: (last._max.position ?? 0) + 1 } }),
    (category) => ({ action: "create", entityType: "category", entityId: category.id, params: { name: category.nameEn, nameAr: category.nameAr } }),
  );
}

/** The slug stays as it was: links that shoppers shared keep working after a rename. */
export async function updateCategory(id: string, input: { nameEn: string; nameAr: string; iconImage?: string }, actor?: AuditActor) {
  const found = await prisma.category.findUnique({ where: { id }, select: { id: true } });
  if (!found) return null;
  return audited(
    actor,
    (tx) => tx.category.update({ where: { id }, data: { nameEn: input.nameEn, nameAr: input.nameAr, ...(input.iconImage ? { iconImage: input.iconImage } : {}) } }),
    (category) => ({ action: "update", entityType: "category", entityId: id, params: { name: category.nameEn, nameAr: category.nameAr } }),
  );
}

export async function toggleCategory(id: string, actor?: AuditActor) {
  const category = await prisma.category.findUnique({ where: { id }, select: { isVisible: true } });
  if (!category) return null;
  return audited(
    actor,
    (tx) => tx.category.update({ where: { id }, data: { isVisible: !category.isVisible }, select: { id: true, isVisible: true } }),
    (toggled) => ({ action: toggled.isVisible ? "show" : "hide", entityType: "category", entityId: id, params: {} }),
  );
}

export type DeleteCategoryResult = { ok: true } | { ok: false; reason: "notFound" } | { ok: false; reason: "hasProducts"; productCount: number };

/**
 * A category that still holds products is refused (docs/decisions/0008-deleting-a-category.md): moving or
 * deleting products silently would change what shoppers see and break past orders' links.
 */
export async function deleteCategory(id: string, actor?: AuditActor): Promise<DeleteCategoryResult> {
  const category = await getAdminCategory(id);
  if (!category) return { ok: false, reason: "notFound" };
  if (category._count.products > 0) return { ok: false, reason: "hasProducts", productCount: category._count.products };
  await audited(
    actor,
    (tx) => tx.category.delete({ where: { id } }),
    (deleted) => ({ action: "delete", entityType: "category", entityId: id, params: { name: deleted.nameEn, nameAr: deleted.nameAr } }),
  );
  return { ok: true };
}
