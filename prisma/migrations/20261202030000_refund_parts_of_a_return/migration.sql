-- A return's refund may be made of two parts, through an exchange's payment and its first order's (decision 0110):
-- each refund names its return, and the return keeps the whole being made, so a retry sends only what is left.
ALTER TABLE "Refund" ADD COLUMN "returnId" TEXT;
ALTER TABLE "Return" ADD COLUMN "refundingFils" INTEGER;
CREATE INDEX "Refund_returnId_idx" ON "Refund"("returnId");
-- The refunds made before: the one each return recorded.
UPDATE "Refund" SET "returnId" = (SELECT "Return"."id" FROM "Return" WHERE "Return"."refundId" = "Refund"."id")
WHERE EXISTS (SELECT 1 FROM "Return" WHERE "Return"."refundId" = "Refund"."id");
