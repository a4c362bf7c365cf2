CREATE TABLE "group_publications" (
	"node_group_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"access" text DEFAULT 'members' NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_publications_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "group_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"node_group_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"graph" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_versions_group_number_unique" UNIQUE("node_group_id","number")
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "group_version_id" uuid;--> statement-breakpoint
ALTER TABLE "group_publications" ADD CONSTRAINT "group_publications_node_group_id_node_groups_id_fk" FOREIGN KEY ("node_group_id") REFERENCES "public"."node_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_publications" ADD CONSTRAINT "group_publications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_publications" ADD CONSTRAINT "group_publications_version_id_group_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."group_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_versions" ADD CONSTRAINT "group_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_versions" ADD CONSTRAINT "group_versions_node_group_id_node_groups_id_fk" FOREIGN KEY ("node_group_id") REFERENCES "public"."node_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_versions" ADD CONSTRAINT "group_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_publications_project_id_idx" ON "group_publications" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "group_versions_project_id_idx" ON "group_versions" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_group_version_id_group_versions_id_fk" FOREIGN KEY ("group_version_id") REFERENCES "public"."group_versions"("id") ON DELETE set null ON UPDATE no action;