-- A vendor link's quantity tiers hold their unit price as decimal text to 4 places, like the link's
-- purchase price (catalog/products/schema.ts `TierPrice`): JSON numbers become text, in order.
UPDATE "catalog_product_vendors" v SET "tiers" = (
  SELECT jsonb_agg(
    jsonb_set(t."tier", '{unitPrice}', to_jsonb(round((t."tier"->>'unitPrice')::numeric, 4)::text))
    ORDER BY t."n")
  FROM jsonb_array_elements(v."tiers") WITH ORDINALITY AS t("tier", "n"))
WHERE jsonb_array_length(v."tiers") > 0;
