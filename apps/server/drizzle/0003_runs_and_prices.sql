CREATE TABLE "model_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model" text NOT NULL,
	"input_per_million" double precision DEFAULT 0 NOT NULL,
	"output_per_million" double precision DEFAULT 0 NOT NULL,
	"per_image" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_prices_model_unique" UNIQUE("model")
);
--> statement-breakpoint
CREATE TABLE "run_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_events_run_seq_unique" UNIQUE("run_id","seq")
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "node_id" uuid;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "custom_ai_id" uuid;--> statement-breakpoint
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_custom_ai_id_custom_ais_id_fk" FOREIGN KEY ("custom_ai_id") REFERENCES "public"."custom_ais"("id") ON DELETE set null ON UPDATE no action;