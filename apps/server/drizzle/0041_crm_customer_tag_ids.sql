-- A customer's tag ids beside the link rows (crm/customers/schema.ts `tagIds`), filled from them.
ALTER TABLE "crm_customers" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "crm_customers" c SET "tag_ids" = l."ids"
  FROM (SELECT "customer_id", array_agg("tag_id" ORDER BY "tag_id") AS "ids" FROM "crm_customer_tags" GROUP BY "customer_id") l
  WHERE l."customer_id" = c."id";--> statement-breakpoint
CREATE INDEX "crm_customers_tags_ix" ON "crm_customers" USING gin ("tag_ids");
