-- A product's declared value is money in its declared currency (core/money.ts `moneyColumn`):
-- unconstrained numeric, held to the currency's ISO 4217 minor units (0: JPY KRW VND IDR CLP ISK
-- UGX XAF XOF PYG; 3: KWD BHD OMR JOD TND LYD IQD; else 2), rounded half-up.
ALTER TABLE "catalog_products" ALTER COLUMN "declared_value" SET DATA TYPE numeric;--> statement-breakpoint
UPDATE "catalog_products" SET "declared_value" = round("declared_value", CASE
    WHEN upper("declared_currency") IN ('JPY', 'KRW', 'VND', 'IDR', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF', 'PYG') THEN 0
    WHEN upper("declared_currency") IN ('KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD') THEN 3
    ELSE 2
  END)
  WHERE "declared_value" IS NOT NULL;
