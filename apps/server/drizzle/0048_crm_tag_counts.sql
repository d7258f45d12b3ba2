ALTER TABLE "crm_customer_tags" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "crm_customer_tags" ADD COLUMN "is_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_customer_tags_live_ix" ON "crm_customer_tags" USING btree ("tenant_id","tag_id","owner_user_id") WHERE not is_deleted;--> statement-breakpoint
-- Hand-written below: the link rows copy their customer's owner and deletion (see
-- `crmCustomerTags`): on insert from the customer, and whenever a statement changes either.
CREATE FUNCTION crm_customer_tags_copy_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.owner_user_id, c.is_deleted INTO NEW.owner_user_id, NEW.is_deleted
  FROM crm_customers c WHERE c.id = NEW.customer_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_customer_tags_copy_owner BEFORE INSERT ON crm_customer_tags
  FOR EACH ROW EXECUTE FUNCTION crm_customer_tags_copy_owner();
--> statement-breakpoint
CREATE FUNCTION crm_customer_tags_follow_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE crm_customer_tags l SET owner_user_id = a.owner_user_id, is_deleted = a.is_deleted
  FROM added a JOIN removed r ON r.id = a.id
  WHERE l.customer_id = a.id
    AND (a.owner_user_id IS DISTINCT FROM r.owner_user_id OR a.is_deleted IS DISTINCT FROM r.is_deleted);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_customer_tags_follow_owner AFTER UPDATE ON crm_customers
  REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_tags_follow_owner();
--> statement-breakpoint
UPDATE crm_customer_tags l SET owner_user_id = c.owner_user_id, is_deleted = c.is_deleted
FROM crm_customers c WHERE c.id = l.customer_id;
