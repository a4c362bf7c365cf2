ALTER TABLE "messages" ADD COLUMN "ui_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_ui_id_unique" UNIQUE("conversation_id","ui_id");