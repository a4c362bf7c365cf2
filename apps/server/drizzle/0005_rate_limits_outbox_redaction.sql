CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- Mails sent before the outbox redacted their links still hold live verification tokens.
UPDATE "mail_outbox" SET "text" = regexp_replace("text", 'token=[A-Za-z0-9_%-]+', 'token=[redacted]', 'g'), "html" = regexp_replace("html", 'token=[A-Za-z0-9_%-]+', 'token=[redacted]', 'g');
