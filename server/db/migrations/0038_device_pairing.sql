CREATE TABLE "api_device_credentials" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_status" jsonb,
	"last_status_at" timestamp with time zone,
	CONSTRAINT "api_device_credentials_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "api_pairing_codes" (
	"hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"device_id" uuid
);
--> statement-breakpoint
ALTER TABLE "api_device_credentials" ADD CONSTRAINT "api_device_credentials_device_id_api_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."api_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_pairing_codes" ADD CONSTRAINT "api_pairing_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_pairing_codes" ADD CONSTRAINT "api_pairing_codes_device_id_api_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."api_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_pairing_codes_user_idx" ON "api_pairing_codes" USING btree ("user_id");