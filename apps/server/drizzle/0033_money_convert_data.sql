-- Money types: existing data into the money rules (core/money.ts, @seller/contracts/money).
-- 1. A catalogue price is in its tenant's accounting currency (setting Logistics.Currency: the
--    tenant's value, else the global one, else the spec's default CNY, the column's default).
-- 2. Every amount is held to its currency's ISO 4217 minor units (0: JPY KRW VND IDR CLP ISK UGX
--    XAF XOF PYG; 3: KWD BHD OMR JOD TND LYD IQD; else 2), rounded half-up: whole yen and dong.
CREATE FUNCTION "money_minor_units"(currency text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN upper(currency) IN ('JPY', 'KRW', 'VND', 'IDR', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF', 'PYG') THEN 0
    WHEN upper(currency) IN ('KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD') THEN 3
    ELSE 2
  END
$$;--> statement-breakpoint
UPDATE "catalog_products" p SET "price_currency" = coalesce(
  (SELECT s."value" FROM "setting_values" s
    WHERE s."name" = 'Logistics.Currency' AND s."provider_name" = 'T' AND s."provider_key" = p."tenant_id"::text),
  (SELECT s."value" FROM "setting_values" s
    WHERE s."name" = 'Logistics.Currency' AND s."provider_name" = 'G' AND s."provider_key" = ''),
  'CNY');--> statement-breakpoint
UPDATE "catalog_products" SET "price" = round("price", "money_minor_units"("price_currency"));--> statement-breakpoint
UPDATE "catalog_product_variants" v SET "price" = round(v."price", "money_minor_units"(p."price_currency"))
  FROM "catalog_products" p WHERE p."id" = v."product_id";--> statement-breakpoint
UPDATE "trade_sales_orders" SET
  "goods_amount" = round("goods_amount", "money_minor_units"("currency")),
  "shipping_fee" = round("shipping_fee", "money_minor_units"("currency")),
  "discount" = round("discount", "money_minor_units"("currency")),
  "total" = round("total", "money_minor_units"("currency"))
  WHERE "money_minor_units"("currency") = 0;--> statement-breakpoint
UPDATE "trade_sales_order_lines" l SET
  "unit_price" = round(l."unit_price", 0),
  "amount" = round(l."amount", 0)
  FROM "trade_sales_orders" o WHERE o."id" = l."order_id" AND "money_minor_units"(o."currency") = 0;--> statement-breakpoint
UPDATE "trade_purchase_orders" SET
  "goods_amount" = round("goods_amount", 0),
  "freight" = round("freight", 0),
  "discount" = round("discount", 0),
  "tax" = round("tax", 0),
  "total" = round("total", 0)
  WHERE "money_minor_units"("currency") = 0;--> statement-breakpoint
UPDATE "trade_receipts" r SET "freight" = round(r."freight", 0)
  FROM "trade_purchase_orders" po WHERE po."id" = r."po_id" AND "money_minor_units"(po."currency") = 0;--> statement-breakpoint
UPDATE "trade_shipments" s SET "currency" = c."currency"
  FROM "logistics_channels" c WHERE s."currency" IS NULL AND c."id" = s."channel_id";--> statement-breakpoint
UPDATE "trade_shipments" SET
  "est_fee" = round("est_fee", 0),
  "actual_fee" = round("actual_fee", 0)
  WHERE "money_minor_units"("currency") = 0;--> statement-breakpoint
DROP FUNCTION "money_minor_units"(text);
