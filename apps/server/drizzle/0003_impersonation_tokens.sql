CREATE TABLE "identity_impersonation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"token_hash" varchar(128) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"impersonator_user_id" uuid NOT NULL,
	"impersonator_user_name" varchar(256) NOT NULL,
	"impersonator_tenant_id" uuid,
	"impersonator_tenant_name" varchar(64),
	"impersonated_user_id" uuid NOT NULL,
	"impersonated_user_name" varchar(256) NOT NULL,
	"impersonated_tenant_id" uuid,
	"impersonated_tenant_name" varchar(64),
	"session_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_impersonation_tokens_hash_uq" ON "identity_impersonation_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_impersonation_tokens_expiry_ix" ON "identity_impersonation_tokens" USING btree ("expires_at");