-- The whole schema as of the SQLite migrations up to 20261124000000_shared_jobs_and_invoices: PostgreSQL shops start here.
-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Category" (
    "id" TEXT COLLATE "C" NOT NULL,
    "nameEn" TEXT COLLATE "C" NOT NULL,
    "nameAr" TEXT COLLATE "C" NOT NULL,
    "slug" TEXT COLLATE "C" NOT NULL,
    "iconImage" TEXT COLLATE "C" NOT NULL,
    "isVisible" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT COLLATE "C" NOT NULL,
    "nameEn" TEXT COLLATE "C" NOT NULL,
    "nameAr" TEXT COLLATE "C" NOT NULL,
    "descriptionEn" TEXT COLLATE "C" NOT NULL DEFAULT '',
    "descriptionAr" TEXT COLLATE "C" NOT NULL DEFAULT '',
    "priceFils" INTEGER NOT NULL,
    "priceBeforeDiscountFils" INTEGER,
    "hasDiscount" BOOLEAN NOT NULL DEFAULT false,
    "stockQuantity" INTEGER NOT NULL DEFAULT 0,
    "heldQuantity" INTEGER NOT NULL DEFAULT 0,
    "isAvailable" BOOLEAN NOT NULL DEFAULT true,
    "isNewArrival" BOOLEAN NOT NULL DEFAULT false,
    "imageUrl" TEXT COLLATE "C" NOT NULL,
    "colorNameEn" TEXT COLLATE "C",
    "colorNameAr" TEXT COLLATE "C",
    "colorLevelEn" TEXT COLLATE "C",
    "colorLevelAr" TEXT COLLATE "C",
    "filterColor" TEXT COLLATE "C",
    "isVisible" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "categoryId" TEXT COLLATE "C" NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductImage" (
    "id" TEXT COLLATE "C" NOT NULL,
    "url" TEXT COLLATE "C" NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "productId" TEXT COLLATE "C" NOT NULL,

    CONSTRAINT "ProductImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductCustomTag" (
    "id" TEXT COLLATE "C" NOT NULL,
    "titleEn" TEXT COLLATE "C" NOT NULL,
    "titleAr" TEXT COLLATE "C" NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "productId" TEXT COLLATE "C" NOT NULL,

    CONSTRAINT "ProductCustomTag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeliveryArea" (
    "id" TEXT COLLATE "C" NOT NULL,
    "nameEn" TEXT COLLATE "C" NOT NULL,
    "nameAr" TEXT COLLATE "C" NOT NULL,
    "feeFils" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DeliveryArea_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Customer" (
    "id" TEXT COLLATE "C" NOT NULL,
    "email" TEXT COLLATE "C" NOT NULL,
    "isVerified" BOOLEAN NOT NULL DEFAULT false,
    "verifiedAt" TIMESTAMP(3),
    "fullName" TEXT COLLATE "C",
    "phone" TEXT COLLATE "C",
    "passwordHash" TEXT COLLATE "C",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Admin" (
    "id" TEXT COLLATE "C" NOT NULL,
    "email" TEXT COLLATE "C" NOT NULL,
    "passwordHash" TEXT COLLATE "C" NOT NULL,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Admin_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT COLLATE "C" NOT NULL,
    "kind" TEXT COLLATE "C" NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "customerId" TEXT COLLATE "C",
    "adminId" TEXT COLLATE "C",

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OneTimeCode" (
    "id" TEXT COLLATE "C" NOT NULL,
    "email" TEXT COLLATE "C" NOT NULL,
    "purpose" TEXT COLLATE "C" NOT NULL,
    "codeHash" TEXT COLLATE "C" NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OneTimeCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT COLLATE "C" NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "resetsAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT COLLATE "C" NOT NULL,
    "orderNumber" TEXT COLLATE "C" NOT NULL,
    "customerId" TEXT COLLATE "C",
    "isGuest" BOOLEAN NOT NULL DEFAULT true,
    "language" TEXT COLLATE "C" NOT NULL DEFAULT 'ar',
    "fullName" TEXT COLLATE "C" NOT NULL,
    "email" TEXT COLLATE "C" NOT NULL,
    "phone" TEXT COLLATE "C" NOT NULL,
    "buildingType" TEXT COLLATE "C" NOT NULL,
    "city" TEXT COLLATE "C" NOT NULL,
    "street" TEXT COLLATE "C" NOT NULL,
    "streetNumber" TEXT COLLATE "C" NOT NULL,
    "block" TEXT COLLATE "C" NOT NULL,
    "buildingNumber" TEXT COLLATE "C" NOT NULL,
    "floor" TEXT COLLATE "C",
    "apartmentNumber" TEXT COLLATE "C",
    "notes" TEXT COLLATE "C",
    "subtotalFils" INTEGER NOT NULL,
    "deliveryFeeFils" INTEGER NOT NULL,
    "totalFils" INTEGER NOT NULL,
    "status" TEXT COLLATE "C" NOT NULL DEFAULT 'pending',
    "paymentStatus" TEXT COLLATE "C" NOT NULL DEFAULT 'unpaid',
    "paidAt" TIMESTAMP(3),
    "reservedUntil" TIMESTAMP(3),
    "clientHash" TEXT COLLATE "C",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "refundedFils" INTEGER NOT NULL DEFAULT 0,
    "personalDataRemovedAt" TIMESTAMP(3),

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderItem" (
    "id" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C" NOT NULL,
    "productId" TEXT COLLATE "C",
    "nameEn" TEXT COLLATE "C" NOT NULL,
    "nameAr" TEXT COLLATE "C" NOT NULL,
    "imageUrl" TEXT COLLATE "C" NOT NULL,
    "priceFils" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "customTags" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "OrderItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderStatusChange" (
    "id" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C" NOT NULL,
    "fromStatus" TEXT COLLATE "C",
    "toStatus" TEXT COLLATE "C" NOT NULL,
    "adminId" TEXT COLLATE "C",
    "changedBy" TEXT COLLATE "C" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C" NOT NULL,
    "provider" TEXT COLLATE "C" NOT NULL,
    "providerPaymentId" TEXT COLLATE "C",
    "status" TEXT COLLATE "C" NOT NULL DEFAULT 'initiated',
    "amountFils" INTEGER NOT NULL,
    "method" TEXT COLLATE "C",
    "cardLast4" TEXT COLLATE "C",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C" NOT NULL,
    "paymentId" TEXT COLLATE "C" NOT NULL,
    "amountFils" INTEGER NOT NULL,
    "status" TEXT COLLATE "C" NOT NULL DEFAULT 'pending',
    "providerRefundId" TEXT COLLATE "C",
    "requestedBy" TEXT COLLATE "C" NOT NULL,
    "message" TEXT COLLATE "C",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TestProviderPayment" (
    "id" TEXT COLLATE "C" NOT NULL,
    "status" TEXT COLLATE "C" NOT NULL,
    "amountFils" INTEGER NOT NULL,
    "reference" TEXT COLLATE "C" NOT NULL,
    "returnUrl" TEXT COLLATE "C" NOT NULL,
    "cardLast4" TEXT COLLATE "C",
    "message" TEXT COLLATE "C",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TestProviderPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobLease" (
    "name" TEXT COLLATE "C" NOT NULL,
    "holder" TEXT COLLATE "C" NOT NULL,
    "until" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobLease_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "StoredInvoice" (
    "orderNumber" TEXT COLLATE "C" NOT NULL,
    "pdf" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredInvoice_pkey" PRIMARY KEY ("orderNumber")
);

-- CreateIndex
CREATE UNIQUE INDEX "Category_slug_key" ON "Category"("slug");

-- CreateIndex
CREATE INDEX "Category_isVisible_position_idx" ON "Category"("isVisible", "position");

-- CreateIndex
CREATE INDEX "Product_categoryId_isVisible_createdAt_idx" ON "Product"("categoryId", "isVisible", "createdAt");

-- CreateIndex
CREATE INDEX "Product_isVisible_createdAt_idx" ON "Product"("isVisible", "createdAt");

-- CreateIndex
CREATE INDEX "Product_isVisible_priceFils_idx" ON "Product"("isVisible", "priceFils");

-- CreateIndex
CREATE INDEX "Product_isVisible_filterColor_idx" ON "Product"("isVisible", "filterColor");

-- CreateIndex
CREATE INDEX "ProductImage_productId_position_idx" ON "ProductImage"("productId", "position");

-- CreateIndex
CREATE INDEX "ProductCustomTag_productId_position_idx" ON "ProductCustomTag"("productId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "DeliveryArea_nameEn_key" ON "DeliveryArea"("nameEn");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_email_key" ON "Customer"("email");

-- CreateIndex
CREATE INDEX "Customer_phone_idx" ON "Customer"("phone");

-- CreateIndex
CREATE UNIQUE INDEX "Admin_email_key" ON "Admin"("email");

-- CreateIndex
CREATE INDEX "Session_customerId_idx" ON "Session"("customerId");

-- CreateIndex
CREATE INDEX "Session_adminId_idx" ON "Session"("adminId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "OneTimeCode_email_purpose_key" ON "OneTimeCode"("email", "purpose");

-- CreateIndex
CREATE INDEX "RateLimit_resetsAt_idx" ON "RateLimit"("resetsAt");

-- CreateIndex
CREATE UNIQUE INDEX "Order_orderNumber_key" ON "Order"("orderNumber");

-- CreateIndex
CREATE INDEX "Order_paymentStatus_status_createdAt_idx" ON "Order"("paymentStatus", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Order_paymentStatus_createdAt_idx" ON "Order"("paymentStatus", "createdAt");

-- CreateIndex
CREATE INDEX "Order_paymentStatus_reservedUntil_idx" ON "Order"("paymentStatus", "reservedUntil");

-- CreateIndex
CREATE INDEX "Order_clientHash_paymentStatus_reservedUntil_idx" ON "Order"("clientHash", "paymentStatus", "reservedUntil");

-- CreateIndex
CREATE INDEX "Order_phone_createdAt_idx" ON "Order"("phone", "createdAt");

-- CreateIndex
CREATE INDEX "Order_customerId_createdAt_idx" ON "Order"("customerId", "createdAt");

-- CreateIndex
CREATE INDEX "Order_createdAt_idx" ON "Order"("createdAt");

-- CreateIndex
CREATE INDEX "OrderItem_orderId_idx" ON "OrderItem"("orderId");

-- CreateIndex
CREATE INDEX "OrderItem_productId_idx" ON "OrderItem"("productId");

-- CreateIndex
CREATE INDEX "OrderStatusChange_orderId_createdAt_idx" ON "OrderStatusChange"("orderId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_providerPaymentId_key" ON "Payment"("providerPaymentId");

-- CreateIndex
CREATE INDEX "Payment_orderId_idx" ON "Payment"("orderId");

-- CreateIndex
CREATE INDEX "Payment_status_createdAt_idx" ON "Payment"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Refund_orderId_createdAt_idx" ON "Refund"("orderId", "createdAt");

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductImage" ADD CONSTRAINT "ProductImage_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductCustomTag" ADD CONSTRAINT "ProductCustomTag_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderStatusChange" ADD CONSTRAINT "OrderStatusChange_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderStatusChange" ADD CONSTRAINT "OrderStatusChange_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

