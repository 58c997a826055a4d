-- AlterTable
ALTER TABLE "DeliveryArea" ADD COLUMN     "governorateAr" TEXT COLLATE "C" NOT NULL DEFAULT '',
ADD COLUMN     "governorateEn" TEXT COLLATE "C" NOT NULL DEFAULT '',
ADD COLUMN     "isHidden" BOOLEAN NOT NULL DEFAULT false;


-- Issue 43: each of the 64 areas of SPEC in its governorate (a fresh database gets them from the seed instead)
UPDATE "DeliveryArea" SET "governorateEn" = 'Capital', "governorateAr" = 'العاصمة' WHERE "nameEn" IN ('Abdullah Al-Salem', 'Adailiya', 'Da''iya', 'Dasma', 'Dasman', 'Doha', 'Faiha', 'Granada', 'Kaifan', 'Khaldiya', 'Mansouriya', 'Mirqab', 'Nuzha', 'Qadsiya', 'Qurtuba', 'Rawda', 'Shamiya', 'Shuwaikh', 'Sulaibikhat', 'Surra', 'Yarmouk');
UPDATE "DeliveryArea" SET "governorateEn" = 'Hawalli', "governorateAr" = 'حولي' WHERE "nameEn" IN ('Anjafa', 'Bayan', 'Bidaa', 'Hawalli', 'Jabriya', 'Mishref', 'Maidan Hawalli', 'Salmiya', 'Salwa', 'Shaab', 'Zahra', 'Siddiq');
UPDATE "DeliveryArea" SET "governorateEn" = 'Farwaniya', "governorateAr" = 'الفروانية' WHERE "nameEn" IN ('Ardiya', 'Farwaniya', 'Jleeb Al-Shuyoukh', 'Khaitan', 'Rabiya', 'Rehab', 'Riggai', 'Ishbiliya');
UPDATE "DeliveryArea" SET "governorateEn" = 'Mubarak Al-Kabeer', "governorateAr" = 'مبارك الكبير' WHERE "nameEn" IN ('Abu Al-Hasaniya', 'Abu Fatira', 'Adan', 'Qurain', 'Qusour', 'Sabah Al-Salem', 'Messeilah', 'Funaitees');
UPDATE "DeliveryArea" SET "governorateEn" = 'Ahmadi', "governorateAr" = 'الأحمدي' WHERE "nameEn" IN ('Ahmadi', 'Fahaheel', 'Hadiya', 'Riqqa', 'Sabahiya', 'Mangaf', 'Mahboula', 'Eqaila');
UPDATE "DeliveryArea" SET "governorateEn" = 'Jahra', "governorateAr" = 'الجهراء' WHERE "nameEn" IN ('Jahra', 'Naeem', 'Naseem', 'Oyoun', 'Taima', 'Sulaibiya', 'Kabad');

-- The six areas missing from SPEC, at the fee of their neighbours (decision 0076), only in a shop that already has its areas:
-- an empty table is a first start, which the seed fills (and which must stay empty for it to run).
INSERT INTO "DeliveryArea" ("id", "nameEn", "nameAr", "feeFils", "position", "governorateEn", "governorateAr", "isHidden")
  SELECT 'area-rumaithiya', 'Rumaithiya', 'الرميثية', 1800, 64, 'Hawalli', 'حولي', false
  WHERE EXISTS (SELECT 1 FROM "DeliveryArea") AND NOT EXISTS (SELECT 1 FROM "DeliveryArea" WHERE "nameEn" = 'Rumaithiya');
INSERT INTO "DeliveryArea" ("id", "nameEn", "nameAr", "feeFils", "position", "governorateEn", "governorateAr", "isHidden")
  SELECT 'area-saad-al-abdullah', 'Saad Al-Abdullah', 'سعد العبدالله', 2500, 65, 'Jahra', 'الجهراء', false
  WHERE EXISTS (SELECT 1 FROM "DeliveryArea") AND NOT EXISTS (SELECT 1 FROM "DeliveryArea" WHERE "nameEn" = 'Saad Al-Abdullah');
INSERT INTO "DeliveryArea" ("id", "nameEn", "nameAr", "feeFils", "position", "governorateEn", "governorateAr", "isHidden")
  SELECT 'area-sabah-al-ahmad', 'Sabah Al-Ahmad', 'صباح الأحمد', 2200, 66, 'Ahmadi', 'الأحمدي', false
  WHERE EXISTS (SELECT 1 FROM "DeliveryArea") AND NOT EXISTS (SELECT 1 FROM "DeliveryArea" WHERE "nameEn" = 'Sabah Al-Ahmad');
INSERT INTO "DeliveryArea" ("id", "nameEn", "nameAr", "feeFils", "position", "governorateEn", "governorateAr", "isHidden")
  SELECT 'area-fintas', 'Fintas', 'الفنطاس', 2200, 67, 'Ahmadi', 'الأحمدي', false
  WHERE EXISTS (SELECT 1 FROM "DeliveryArea") AND NOT EXISTS (SELECT 1 FROM "DeliveryArea" WHERE "nameEn" = 'Fintas');
INSERT INTO "DeliveryArea" ("id", "nameEn", "nameAr", "feeFils", "position", "governorateEn", "governorateAr", "isHidden")
  SELECT 'area-abu-halifa', 'Abu Halifa', 'أبو حليفة', 2200, 68, 'Ahmadi', 'الأحمدي', false
  WHERE EXISTS (SELECT 1 FROM "DeliveryArea") AND NOT EXISTS (SELECT 1 FROM "DeliveryArea" WHERE "nameEn" = 'Abu Halifa');
INSERT INTO "DeliveryArea" ("id", "nameEn", "nameAr", "feeFils", "position", "governorateEn", "governorateAr", "isHidden")
  SELECT 'area-mubarak-al-kabeer', 'Mubarak Al-Kabeer', 'مبارك الكبير', 2000, 69, 'Mubarak Al-Kabeer', 'مبارك الكبير', false
  WHERE EXISTS (SELECT 1 FROM "DeliveryArea") AND NOT EXISTS (SELECT 1 FROM "DeliveryArea" WHERE "nameEn" = 'Mubarak Al-Kabeer');
