ALTER TABLE "catalog_suppliers" ALTER COLUMN "payee_account" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "crm_bank_accounts" ALTER COLUMN "account_number_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "crm_bank_accounts" DROP COLUMN "account_number_last4";