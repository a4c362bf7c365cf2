ALTER TABLE "req_logs" ADD COLUMN "call_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "req_logs" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "req_logs_call_id_idx" ON "req_logs" USING btree ("call_id");