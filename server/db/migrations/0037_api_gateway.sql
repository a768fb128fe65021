CREATE TABLE "api_access_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_out_at" timestamp with time zone,
	CONSTRAINT "api_devices_client_unique" UNIQUE("user_id","client_id"),
	CONSTRAINT "api_devices_type_check" CHECK ("api_devices"."type" in ('web', 'mobile', 'arduino')),
	CONSTRAINT "api_devices_platform_check" CHECK ("api_devices"."platform" in ('web', 'mobile', 'arduino'))
);
--> statement-breakpoint
CREATE TABLE "api_idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	CONSTRAINT "api_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_refresh_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"successor_hash" text
);
--> statement-breakpoint
CREATE TABLE "api_sync_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_sync_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"timestamp" text NOT NULL,
	"data" jsonb,
	"source" text,
	"target_platforms" jsonb,
	"priority" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_sync_events_once" UNIQUE("user_id","event_id"),
	CONSTRAINT "api_sync_events_priority_check" CHECK ("api_sync_events"."priority" in ('high', 'medium'))
);
--> statement-breakpoint
CREATE TABLE "api_token_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "api_access_tokens" ADD CONSTRAINT "api_access_tokens_family_id_api_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."api_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_devices" ADD CONSTRAINT "api_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_refresh_tokens" ADD CONSTRAINT "api_refresh_tokens_family_id_api_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."api_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_sync_events" ADD CONSTRAINT "api_sync_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_families" ADD CONSTRAINT "api_token_families_device_id_api_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."api_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_families" ADD CONSTRAINT "api_token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_access_tokens_family_idx" ON "api_access_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "api_sync_events_user_idx" ON "api_sync_events" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "api_sync_events_created_idx" ON "api_sync_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "api_token_families_device_idx" ON "api_token_families" USING btree ("device_id");