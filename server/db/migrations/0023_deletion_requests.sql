CREATE TABLE "deletion_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deletion_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"forfeits_zavcharge_balance" boolean DEFAULT false NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"outcome" jsonb,
	"reminded_at" timestamp with time zone,
	"notice_outbox_id" integer,
	CONSTRAINT "deletion_requests_status_check" CHECK ("deletion_requests"."status" in ('open', 'withdrawn', 'completed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "name_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_notice_outbox_id_outbox_id_fk" FOREIGN KEY ("notice_outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deletion_requests_one_open_idx" ON "deletion_requests" USING btree ("user_id") WHERE "deletion_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "deletion_requests_status_idx" ON "deletion_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "deletion_requests_user_idx" ON "deletion_requests" USING btree ("user_id","requested_at");