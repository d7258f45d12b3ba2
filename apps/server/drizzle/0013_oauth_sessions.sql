-- Every access token of a user names a session (`session_id`); until now a session was known only
-- through its refresh tokens, so one without (no offline_access, impersonation) could be neither
-- found when its user was revoked nor remembered as revoked across a restart. Each session now
-- gets a row when its first token is issued.
CREATE TABLE "oauth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"impersonator_user_id" uuid,
	"impersonator_tenant_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "oauth_sessions_user_ix" ON "oauth_sessions" USING btree ("user_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "oauth_sessions_impersonator_ix" ON "oauth_sessions" USING btree ("impersonator_user_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "oauth_sessions_revoked_ix" ON "oauth_sessions" USING btree ("revoked_at") WHERE revoked_at IS NOT NULL;--> statement-breakpoint
-- Sessions that already have refresh tokens (live or revoked) are known from them; a session
-- counts as revoked when any of its refresh tokens is, as the server treated it before. Its
-- tokens live at most until the last refresh token's absolute expiry plus one access token.
INSERT INTO "oauth_sessions" ("id", "user_tenant_id", "user_id", "client_id", "creation_time", "expires_at", "revoked_at")
SELECT r."session_id",
  (array_agg(r."tenant_id"))[1],
  (array_agg(r."user_id"))[1],
  (array_agg(r."client_id"))[1],
  min(r."creation_time"),
  max(r."absolute_expires_at") + make_interval(secs => coalesce(max(c."access_token_lifetime"), 86400)),
  max(r."revoked_at")
FROM "oauth_refresh_tokens" r
LEFT JOIN "oauth_clients" c ON c."client_id" = r."client_id"
GROUP BY r."session_id"
ON CONFLICT DO NOTHING;
