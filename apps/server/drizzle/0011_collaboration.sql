CREATE TABLE "canvas_publications" (
	"project_id" uuid NOT NULL,
	"offset" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"info" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canvas_publications_project_id_offset_pk" PRIMARY KEY("project_id","offset")
);
--> statement-breakpoint
ALTER TABLE "node_connections" ADD COLUMN "versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "node_groups" ADD COLUMN "versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "canvas_offset" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "canvas_publications" ADD CONSTRAINT "canvas_publications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;