-- Session state in the database (issue 12, docs/decisions/0018): a row per log-in whose id is the access token's
-- `sid` and the refresh-token family, checked on every authenticated request; per-name failure counts for log-in names
-- without an account, so they are answered as a real account is; and when an account's last failure was counted.
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"lockout_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_failed_at_idx" ON "login_failures" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Every existing refresh-token family becomes a session (revoked when none of its tokens can still refresh), so a
-- signed-in user keeps the log-in: the old access token has no sid and is refused once, the refresh gives a new one.
INSERT INTO "sessions" ("id", "user_id", "created_at", "revoked_at")
SELECT "family_id", (array_agg("user_id"))[1], min("created_at"),
  CASE WHEN bool_or("used_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > now()) THEN NULL ELSE now() END
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;