/** The owner's categories: list, create, rename, show or hide, and delete an empty one. */
import { prisma } from "~/db.server";

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

export async function createCategory(input: { nameEn: string; nameAr: string; iconImage: string }) {
  const last = await prisma.category.aggregate({ _max: { position: true } });
  return prisma.category.create({
    data: {
      nameEn: input.nameEn,
      nameAr: input.nameAr,
      iconImage: input.iconImage,
      slug: await uniqueSlug(slugify(input.nameEn)),
      position: (last._max.position ?? 0) + 1,
    },
  });
}

/** The slug stays as it was: links that shoppers shared keep working after a rename. */
export async function updateCategory(id: string, input: { nameEn: string; nameAr: string; iconImage?: string }) {
  const found = await prisma.category.findUnique({ where: { id }, select: { id: true } });
  if (!found) return null;
  return prisma.category.update({
    where: { id },
    data: { nameEn: input.nameEn, nameAr: input.nameAr, ...(input.iconImage ? { iconImage: input.iconImage } : {}) },
  });
}

export async function toggleCategory(id: string) {
  const category = await prisma.category.findUnique({ where: { id }, select: { isVisible: true } });
  if (!category) return null;
  return prisma.category.update({ where: { id }, data: { isVisible: !category.isVisible }, select: { id: true, isVisible: true } });
}

export type DeleteCategoryResult = { ok: true } | { ok: false; reason: "notFound" } | { ok: false; reason: "hasProducts"; productCount: number };

/**
 * A category that still holds products is refused (docs/decisions/0008-deleting-a-category.md): moving or
 * deleting products silently would change what shoppers see and break past orders' links.
 */
export async function deleteCategory(id: string): Promise<DeleteCategoryResult> {
  const category = await getAdminCategory(id);
  if (!category) return { ok: false, reason: "notFound" };
  if (category._count.products > 0) return { ok: false, reason: "hasProducts", productCount: category._count.products };
  await prisma.category.delete({ where: { id } });
  return { ok: true };
}
