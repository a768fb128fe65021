CREATE TABLE "migration_ids" (
	"kind" text NOT NULL,
	"old_id" text NOT NULL,
	"target_id" text NOT NULL,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "migration_ids_kind_old_id_pk" PRIMARY KEY("kind","old_id"),
	CONSTRAINT "migration_ids_kind_check" CHECK ("migration_ids"."kind" in ('customers', 'products', 'orders', 'courses'))
);
--> statement-breakpoint
CREATE TABLE "migration_records" (
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"lines" integer[] NOT NULL,
	"key" text NOT NULL,
	"data" jsonb,
	"value" text,
	"planned" text NOT NULL,
	"planned_note" text,
	"action" text,
	"note" text,
	"target_id" text,
	"reference" text,
	CONSTRAINT "migration_records_run_id_position_pk" PRIMARY KEY("run_id","position"),
	CONSTRAINT "migration_records_planned_check" CHECK ("migration_records"."planned" in ('create', 'update', 'unchanged', 'refuse')),
	CONSTRAINT "migration_records_action_check" CHECK ("migration_records"."action" is null or "migration_records"."action" in ('create', 'update', 'unchanged', 'refuse'))
);
--> statement-breakpoint
CREATE TABLE "migration_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "migration_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"created_by_id" text,
	"started_by_id" text,
	"status" text DEFAULT 'mapping' NOT NULL,
	"header" text[] NOT NULL,
	"rows" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"planned" jsonb,
	"processed" integer DEFAULT 0 NOT NULL,
	"last_position" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "migration_runs_kind_check" CHECK ("migration_runs"."kind" in ('customers', 'products', 'orders', 'courses')),
	CONSTRAINT "migration_runs_status_check" CHECK ("migration_runs"."status" in ('mapping', 'checked', 'queued', 'done', 'stopped', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "imported_reference" text;--> statement-breakpoint
ALTER TABLE "migration_ids" ADD CONSTRAINT "migration_ids_run_id_migration_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."migration_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_records" ADD CONSTRAINT "migration_records_run_id_migration_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."migration_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_runs" ADD CONSTRAINT "migration_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_runs" ADD CONSTRAINT "migration_runs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "migration_runs_created_idx" ON "migration_runs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_imported_reference_unique" UNIQUE("imported_reference");