CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"bytes" bigint,
	"duration_ms" integer,
	"encrypted" boolean,
	"error" text,
	"removed_at" timestamp with time zone,
	CONSTRAINT "backups_status_check" CHECK ("backups"."status" in ('running', 'succeeded', 'failed')),
	CONSTRAINT "backups_trigger_check" CHECK ("backups"."trigger" in ('schedule', 'admin', 'command')),
	CONSTRAINT "backups_progress_check" CHECK ("backups"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_running_idx" ON "backups" USING btree ("status") WHERE "backups"."status" = 'running';--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");