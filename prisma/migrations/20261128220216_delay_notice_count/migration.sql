-- ADD COLUMN instead of the table copy Prisma proposes: the same schema, without rewriting every order.
-- The delay notices sent for the order, at most 3 (docs/decisions/0068).
ALTER TABLE "Order" ADD COLUMN "delayNoticeCount" INTEGER NOT NULL DEFAULT 0;
