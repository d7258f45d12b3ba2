CREATE TABLE "marketplace_consent_states" (
	"nonce" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketplace_consent_states_expiry_ix" ON "marketplace_consent_states" USING btree ("expires_at");