CREATE INDEX "subscriptions_plan_id_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "conversations_project_id_idx" ON "conversations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "req_logs_run_id_idx" ON "req_logs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "req_logs_custom_ai_id_idx" ON "req_logs" USING btree ("custom_ai_id");--> statement-breakpoint
CREATE INDEX "req_logs_conversation_id_idx" ON "req_logs" USING btree ("conversation_id");