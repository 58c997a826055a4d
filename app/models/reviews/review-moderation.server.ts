import { prisma } from "~/db.server";
import { recordAudit, type AuditActor } from "~/models/shop/index.server";
import type { ReviewStatus } from "~/shared/reviews";

/**
 * The owner's decisions (issue 47): publish or hide one or several reviews, and reply to one. Each change and its line
 * in the activity log are written in one transaction; a review already in the asked status is left as it is and
 * logs nothing. Publishing, hiding or replying to a published review moves the catalogue's version (triggers).
 */
export async function setReviewsStatus(ids: string[], status: Exclude<ReviewStatus, "pending">, actor: AuditActor): Promise<number> {
  const unique = [...new Set(ids)];
  return prisma.$transaction(async (tx) => {
    const rows = await tx.review.findMany({
      where: { id: { in: unique }, status: { not: status } },
      select: { id: true, order: { select: { orderNumber: true } }, product: { select: { nameEn: true, nameAr: true } } },
    });
    let changed = 0;
    for (const row of rows) {
      // Conditional: of two owners deciding at once, one writes and logs.
      const moved = await tx.review.updateMany({ where: { id: row.id, status: { not: status } }, data: { status } });
      if (moved.count !== 1) continue;
      changed++;
      const params = { number: row.order.orderNumber, name: row.product.nameEn, nameAr: row.product.nameAr };
      await recordAudit(tx, { actor, action: status === "published" ? "publish" : "hide", entityType: "review", entityId: row.id, params });
    }
    return changed;
  });
}

/** The owner's reply under a review; an empty reply takes it away. Null when there is no such review. */
export async function replyToReview(id: string, reply: string, actor: AuditActor): Promise<{ id: string } | null> {
  const text = reply.trim();
  return prisma.$transaction(async (tx) => {
    const row = await tx.review.findUnique({ where: { id }, select: { id: true, order: { select: { orderNumber: true } }, product: { select: { nameEn: true, nameAr: true } } } });
    if (!row) return null;
    await tx.review.update({ where: { id }, data: text ? { reply: text, repliedAt: new Date() } : { reply: null, repliedAt: null } });
    const params = { number: row.order.orderNumber, name: row.product.nameEn, nameAr: row.product.nameAr, context: text ? "" : "removed" };
    await recordAudit(tx, { actor, action: "reply", entityType: "review", entityId: id, params: text ? { number: params.number, name: params.name, nameAr: params.nameAr } : params });
    return { id };
  });
}
