CREATE TABLE "zavcharge_pending_registrations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"pin_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zavcharge_welcome_grants" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"account_id" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zavcharge_pending_registrations" ADD CONSTRAINT "zavcharge_pending_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_welcome_grants" ADD CONSTRAINT "zavcharge_welcome_grants_account_id_zavcharge_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."zavcharge_accounts"("id") ON DELETE set null ON UPDATE no action;