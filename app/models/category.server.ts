import { prisma } from "~/db.server";

export async function getVisibleCategories() {
  return prisma.category.findMany({
    where: { isVisible: true },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, nameEn: true, nameAr: true, slug: true, iconImage: true },
  });
}
